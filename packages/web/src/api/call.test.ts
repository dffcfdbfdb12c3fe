import { MSG, projectCountByStatusOperation, projectListOperation } from '@fieldpay/domain';
import { describe, expect, it, vi } from 'vitest';
import { createCall } from './call';
import type { HttpClient } from './http';

const envelope = (result: unknown) => ({ success: true, code: 200, message: '', result, timestamp: 0 });

function fakeHttp(result: unknown) {
  const get = vi.fn(async () => envelope(result));
  const post = vi.fn(async () => envelope(result));
  return { http: { get, post } as unknown as HttpClient, get, post };
}

describe('call(operation, input)', () => {
  it('sends a GET to the declared path with the input as query and answers the checked result', async () => {
    const { http, get } = fakeHttp(3);
    const notifier = { warning: vi.fn(), error: vi.fn() };
    const call = createCall(http, () => notifier);
    await expect(call(projectCountByStatusOperation, { status: 4 })).resolves.toBe(3);
    expect(get).toHaveBeenCalledWith('/api/sys/project/countByStatus', { status: 4 }, undefined);
  });

  it('refuses an answer that is not the declared shape, and says so unless silent', async () => {
    const { http } = fakeHttp({ records: [{ id: 'not a number' }], total: 1 });
    const notifier = { warning: vi.fn(), error: vi.fn() };
    const call = createCall(http, () => notifier);
    await expect(call(projectListOperation, { pageNo: 1, pageSize: 20 })).rejects.toMatchObject({
      code: 'malformed',
      message: MSG.answerMalformed,
    });
    expect(notifier.error).toHaveBeenCalledWith(MSG.answerMalformed);
    await expect(call(projectListOperation, {}, { silent: true })).rejects.toMatchObject({ code: 'malformed' });
    expect(notifier.error).toHaveBeenCalledTimes(1);
  });
});
