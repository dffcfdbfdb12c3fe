import { MSG } from '@fieldpay/domain';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hmacSha256Hex } from './crypto';
import { ApiError, createHttpClient, type HttpDeps, isCancelled, readBlobText } from './http';

type Reply = { status?: number; data?: unknown; headers?: Record<string, string> } | 'timeout' | 'network';

/** A fake axios adapter: records every request and answers from `reply`. */
function fakeServer(reply: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    seen.push(config);
    const answer = await reply(config);
    if (answer === 'timeout') throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config);
    if (answer === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status ?? 200,
      statusText: '',
      headers: answer.headers ?? {},
      config,
    };
    if (response.status >= 400) {
      throw new AxiosError('Request failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
  return { adapter, seen };
}

const ok = (result: unknown = null) => ({ data: { success: true, code: 200, message: 'ok', result, timestamp: 1 } });
const fail = (code: number, message: string, status = 200, result: unknown = null) => ({
  status,
  data: { success: false, code, message, result, timestamp: 1 },
});

let warnings: string[];
let errors: string[];
let endSession: ReturnType<typeof vi.fn>;
let token: string | null;

function client(reply: Parameters<typeof fakeServer>[0], extra: Partial<HttpDeps> = {}) {
  const server = fakeServer(reply);
  const http = createHttpClient({
    getToken: () => token,
    getTenantId: () => 7,
    endSession: endSession as unknown as () => void,
    notifier: () => ({ warning: (t) => warnings.push(t), error: (t) => errors.push(t) }),
    signSecret: () => 'test-secret',
    now: () => 1_700_000_000_000,
    adapter: server.adapter,
    ...extra,
  });
  return { http, seen: server.seen };
}

beforeEach(() => {
  warnings = [];
  errors = [];
  endSession = vi.fn();
  token = 'tok-1';
});

describe('request headers and parameters', () => {
  it('sends the access token and tenant id on every call', async () => {
    const { http, seen } = client(() => ok());
    await http.get('/api/x');
    await http.post('/api/y', {});
    for (const config of seen) {
      expect(config.headers.get('X-Access-Token')).toBe('tok-1');
      expect(config.headers.get('X-Tenant-Id')).toBe('7');
    }
  });

  it('omits the token header when there is no session', async () => {
    token = null;
    const { http, seen } = client(() => ok());
    await http.get('/api/x');
    expect(seen[0].headers.has('X-Access-Token')).toBe(false);
  });

  it('adds a _t timestamp to GET requests and keeps the given params', async () => {
    const { http, seen } = client(() => ok());
    await http.get('/api/x', { pageNo: 1 });
    expect(seen[0].params).toEqual({ pageNo: 1, _t: 1_700_000_000_000 });
  });

  it('does not add _t to POST requests', async () => {
    const { http, seen } = client(() => ok());
    await http.post('/api/x', { a: 1 });
    expect(seen[0].params).toBeUndefined();
  });
});

describe('POST bodies are trimmed', () => {
  it('trims strings at every depth and leaves other values alone', async () => {
    const { http, seen } = client(() => ok());
    await http.post('/api/sys/thing/save', {
      name: '  张三 ',
      count: 3,
      flag: false,
      empty: null,
      nested: { city: ' 上海\n', list: [' a ', 2, { deep: '\tb ' }] },
    });
    expect(JSON.parse(seen[0].data)).toEqual({
      name: '张三',
      count: 3,
      flag: false,
      empty: null,
      nested: { city: '上海', list: ['a', 2, { deep: 'b' }] },
    });
  });

  it('keeps password fields of login and change-password exactly as given', async () => {
    const { http, seen } = client(() => ok());
    await http.post('/enterprise/v2/login', { username: ' 13900000001 ', password: ' c2VjcmV0 ', keyId: 'k' });
    await http.post('/enterprise/v2/changePassword', {
      oldPassword: ' Old@1234567 ',
      newPassword: ' New@1234567',
      confirmPassword: ' New@1234567',
    });
    expect(JSON.parse(seen[0].data)).toEqual({ username: '13900000001', password: ' c2VjcmV0 ', keyId: 'k' });
    expect(JSON.parse(seen[1].data)).toEqual({
      oldPassword: ' Old@1234567 ',
      newPassword: ' New@1234567',
      confirmPassword: ' New@1234567',
    });
  });

  it('trims password-named fields on other calls', async () => {
    const { http, seen } = client(() => ok());
    await http.post('/api/sys/account/save', { password: ' x ' });
    expect(JSON.parse(seen[0].data)).toEqual({ password: 'x' });
  });
});

describe('duplicate in-flight POST', () => {
  it('cancels a second identical POST while the first is pending, silently', async () => {
    let finish: () => void = () => undefined;
    const { http, seen } = client(
      () =>
        new Promise<Reply>((resolve) => {
          finish = () => resolve(ok('first'));
        }),
    );
    const first = http.post('/api/sys/pay', { id: 1 });
    await Promise.resolve();
    const second = http.post('/api/sys/pay', { id: 1 });
    const secondError = await second.catch((e: unknown) => e);
    expect(isCancelled(secondError)).toBe(true);
    finish();
    expect((await first).result).toBe('first');
    expect(seen).toHaveLength(1);
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('treats bodies that differ only in surrounding blanks as the same request', async () => {
    let finish: () => void = () => undefined;
    const { http } = client(
      () =>
        new Promise<Reply>((resolve) => {
          finish = () => resolve(ok());
        }),
    );
    const first = http.post('/api/sys/pay', { name: 'a' });
    await Promise.resolve();
    await expect(http.post('/api/sys/pay', { name: ' a ' })).rejects.toSatisfy(isCancelled);
    finish();
    await first;
  });

  it('lets different bodies, and the same body after the first finished, through', async () => {
    const { http, seen } = client(() => ok());
    await Promise.all([http.post('/api/sys/pay', { id: 1 }), http.post('/api/sys/pay', { id: 2 })]);
    await http.post('/api/sys/pay', { id: 1 });
    expect(seen).toHaveLength(3);
  });

  it('releases the request when it fails', async () => {
    const { http, seen } = client(() => fail(500, 'boom'));
    await expect(http.post('/api/sys/pay', { id: 1 })).rejects.toBeInstanceOf(ApiError);
    await expect(http.post('/api/sys/pay', { id: 1 })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(2);
  });

  it('does not deduplicate GET requests', async () => {
    const { http, seen } = client(() => ok());
    await Promise.all([http.get('/api/x'), http.get('/api/x')]);
    expect(seen).toHaveLength(2);
  });
});

describe('signed POST', () => {
  it('adds X-Sign = HMAC-SHA256(body + timestamp) and X-TIMESTAMP, and sends that exact body', async () => {
    const { http, seen } = client(() => ok());
    await http.postSigned('/api/sys/pay/submit', { amount: ' 12.50 ', id: 3 });
    const sent = seen[0];
    const body = '{"amount":"12.50","id":3}';
    expect(sent.data).toBe(body);
    expect(sent.headers.get('X-TIMESTAMP')).toBe('1700000000000');
    expect(sent.headers.get('X-Sign')).toBe(await hmacSha256Hex('test-secret', `${body}1700000000000`));
  });

  it('plain POSTs carry no signature', async () => {
    const { http, seen } = client(() => ok());
    await http.post('/api/sys/pay/submit', { id: 3 });
    expect(seen[0].headers.has('X-Sign')).toBe(false);
  });
});

describe('timeouts', () => {
  it('uses 15 s for the two slow calls, 180 s for uploads and 60 s otherwise', async () => {
    const { http, seen } = client(() => ok());
    await http.get('/api/sys/tax/taxLimitEnterpriseProgress');
    await http.post('/api/sys/order/confirmSettlementDetailList', {});
    await http.upload('/api/resource/upload/upload', new FormData());
    await http.get('/api/sys/project/list');
    expect(seen.map((c) => c.timeout)).toEqual([15_000, 15_000, 180_000, 60_000]);
  });

  it('shows 请求超时，请稍后重试！ on a timeout', async () => {
    const { http } = client(() => 'timeout');
    const error = await http.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('timeout');
    expect(errors).toEqual(['请求超时，请稍后重试！']);
  });
});

describe('session-ending answers', () => {
  it('10001: warning with the server message, clears data and goes to login', async () => {
    const { http } = client(() => fail(10001, '登录已失效，请重新登录', 401));
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 10001 });
    expect(warnings).toEqual(['登录已失效，请重新登录']);
    expect(endSession).toHaveBeenCalledTimes(1);
  });

  it('10001 in an HTTP 200 answer counts the same', async () => {
    const { http } = client(() => fail(10001, 'Token失效'));
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(warnings).toEqual(['Token失效']);
    expect(endSession).toHaveBeenCalled();
  });

  it('10001 leaves the session alone for the share-tree call', async () => {
    const { http } = client(() => fail(10001, 'Token失效', 401));
    await expect(http.get('/api/share/tree', {}, { keepSessionOn10001: true })).rejects.toBeInstanceOf(ApiError);
    expect(endSession).not.toHaveBeenCalled();
    expect(warnings).toEqual(['Token失效']);
  });

  it.each([3, 100, 101, 103])('code %i: clears data, goes to login, warns once for many calls', async (code) => {
    const { http } = client(() => fail(code, `会话结束${code}`));
    await Promise.allSettled([http.get('/api/a'), http.get('/api/b'), http.post('/api/c', {})]);
    expect(endSession).toHaveBeenCalledTimes(3);
    expect(warnings).toEqual([`会话结束${code}`]);
  });

  it('code 4: clears data and goes to login without any warning', async () => {
    const { http } = client(() => fail(4, '账号在别处登录'));
    await expect(http.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(endSession).toHaveBeenCalledTimes(1);
    expect(warnings).toEqual([]);
  });

  it('warns again for a later session (new token)', async () => {
    const { http } = client(() => fail(3, '会话结束'));
    await http.get('/api/a').catch(() => undefined);
    token = 'tok-2';
    await http.get('/api/a').catch(() => undefined);
    expect(warnings).toEqual(['会话结束', '会话结束']);
  });

  it('session-ending codes still end the session on silent calls', async () => {
    const { http } = client(() => fail(10001, '登录已失效，请重新登录', 401));
    await http.post('/platform/v2/ping', {}, { silent: true }).catch(() => undefined);
    expect(endSession).toHaveBeenCalled();
  });
});

describe('other failures', () => {
  it('success false: server message as a warning, rejected with code and result', async () => {
    const { http } = client(() => fail(10003, '请输入验证码', 400, { captchaRequired: true }));
    const error = (await http.post('/api/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(warnings).toEqual(['请输入验证码']);
    expect(error.code).toBe(10003);
    expect(error.result).toEqual({ captchaRequired: true });
    expect(endSession).not.toHaveBeenCalled();
  });

  it('silent calls show nothing but still reject with the server message', async () => {
    const { http } = client(() => fail(10002, '用户名或密码错误', 400));
    const error = (await http.post('/platform/v2/login', {}, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('用户名或密码错误');
    expect(warnings).toEqual([]);
  });

  it('a blob answer holding a JSON error shows its message', async () => {
    const blob = new Blob([JSON.stringify({ success: false, code: 500, message: '暂无附件数据', result: null })], {
      type: 'application/json',
    });
    const { http } = client(() => ({ data: blob, headers: { 'content-type': 'application/json' } }));
    await expect(http.download('/api/sys/task/exportZip')).rejects.toMatchObject({ message: '暂无附件数据' });
    expect(warnings).toEqual(['暂无附件数据']);
  });

  it('a blob error answer with an HTTP error status shows its message too', async () => {
    const blob = new Blob([JSON.stringify({ success: false, code: 404, message: '文件不存在', result: null })], {
      type: 'application/json;charset=utf-8',
    });
    const { http } = client(() => ({ status: 404, data: blob }));
    await expect(http.download('/api/file')).rejects.toBeInstanceOf(ApiError);
    expect(warnings).toEqual(['文件不存在']);
  });

  it('a real file answer is handed over with its file name', async () => {
    const blob = new Blob(['a,b'], { type: 'text/csv' });
    const { http } = client(() => ({
      data: blob,
      headers: { 'content-disposition': "attachment; filename*=UTF-8''%E7%BB%93%E7%AE%97.csv" },
    }));
    const file = await http.download('/api/file');
    expect(file.fileName).toBe('结算.csv');
    expect(await readBlobText(file.blob)).toBe('a,b');
  });

  it('HTTP errors without an envelope get a Chinese message', async () => {
    const { http } = client(() => ({ status: 502, data: '<html>' }));
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 502 });
    expect(errors).toEqual([MSG.serverError]);
  });

  it('a network failure shows the network message', async () => {
    const { http } = client(() => 'network');
    await expect(http.get('/api/x')).rejects.toMatchObject({ code: 'network' });
    expect(errors).toEqual([MSG.networkError]);
  });
});

describe('upload', () => {
  it('reports progress up to 99 while sending and 100 once answered', async () => {
    const progress: number[] = [];
    const { http } = client(async (config) => {
      config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
      config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 50, lengthComputable: true });
      return ok({ address: '/f/1.png' });
    });
    const answer = await http.upload<{ address: string }>('/api/resource/upload/upload', new FormData(), {
      onProgress: (p) => progress.push(p),
    });
    expect(answer.result.address).toBe('/f/1.png');
    expect(progress).toEqual([50, 99, 100]);
  });
});

describe('caller headers', () => {
  it('a token header given by the caller wins over the stored session', async () => {
    const { http, seen } = client(() => ok());
    await http.post('/enterprise/v2/switchTenant', { tenantId: 2 }, { headers: { 'X-Access-Token': 'fresh' } });
    expect(seen[0].headers.get('X-Access-Token')).toBe('fresh');
    expect(seen[0].headers.get('X-Tenant-Id')).toBe('7');
  });
});
