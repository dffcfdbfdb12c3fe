import {
  captchaImageOperation,
  MSG,
  noticeReadAllOperation,
  noticeReadOperation,
  noticeUnreadCountOperation,
  projectCountByStatusOperation,
  projectListOperation,
} from '@fieldpay/domain';
import { describe, expect, it, vi } from 'vitest';
import { createCalls } from './call';
import type { HttpClient } from './http';

const envelope = (result: unknown, message = '') => ({ success: true, code: 200, message, result, timestamp: 0 });

function fakeHttp(result: unknown, message = '') {
  const get = vi.fn(async () => envelope(result, message));
  const post = vi.fn(async () => envelope(result, message));
  return { http: { get, post } as unknown as HttpClient, get, post };
}

describe('call(operation, input)', () => {
  it('sends a GET to the declared path with the input as query and answers the checked result', async () => {
    const { http, get } = fakeHttp(3);
    const notifier = { warning: vi.fn(), error: vi.fn() };
    const { call } = createCalls(http, () => notifier);
    await expect(call(projectCountByStatusOperation, { status: 4 })).resolves.toBe(3);
    expect(get).toHaveBeenCalledWith('/api/sys/project/countByStatus', { status: 4 }, undefined);
  });

  it('refuses an answer that is not the declared shape, and says so unless silent', async () => {
    const { http } = fakeHttp({ records: [{ id: 'not a number' }], total: 1 });
    const notifier = { warning: vi.fn(), error: vi.fn() };
    const { call } = createCalls(http, () => notifier);
    await expect(call(projectListOperation, { pageNo: 1, pageSize: 20 })).rejects.toMatchObject({
      code: 'malformed',
      message: MSG.answerMalformed,
    });
    expect(notifier.error).toHaveBeenCalledWith(MSG.answerMalformed);
    await expect(call(projectListOperation, {}, { silent: true })).rejects.toMatchObject({ code: 'malformed' });
    expect(notifier.error).toHaveBeenCalledTimes(1);
  });

  it('sends a POST with the input as body; callWithMessage answers the envelope message too', async () => {
    const { http, post } = fakeHttp({ updated: 2 }, '已标记 2 条为已读');
    const { callWithMessage } = createCalls(http, () => ({ warning: vi.fn(), error: vi.fn() }));
    await expect(callWithMessage(noticeReadOperation, { ids: [1, 2] })).resolves.toEqual({
      result: { updated: 2 },
      message: '已标记 2 条为已读',
    });
    expect(post).toHaveBeenCalledWith('/api/sys/notice/read', { ids: [1, 2] }, undefined);
  });

  it('sends neither query nor body for an operation without input', async () => {
    const { http, get, post } = fakeHttp(5);
    const { call } = createCalls(http, () => ({ warning: vi.fn(), error: vi.fn() }));
    await expect(call(noticeUnreadCountOperation, undefined, { silent: true })).resolves.toBe(5);
    expect(get).toHaveBeenCalledWith('/api/sys/notice/unreadCount', undefined, { silent: true });
    post.mockResolvedValueOnce(envelope({ updated: 0 }));
    await call(noticeReadAllOperation, undefined);
    expect(post).toHaveBeenCalledWith('/api/sys/notice/readAll', undefined, undefined);
  });

  it('puts path parameters in the path, encoded, and the rest in the query', async () => {
    const { http, get } = fakeHttp('data:image/png;base64,AAAA');
    const { call } = createCalls(http, () => ({ warning: vi.fn(), error: vi.fn() }));
    await call(captchaImageOperation, { checkKey: 'abc_DEF-12' }, { silent: true });
    expect(get).toHaveBeenCalledWith('/sys/randomImage/abc_DEF-12', {}, { silent: true });
  });
});
