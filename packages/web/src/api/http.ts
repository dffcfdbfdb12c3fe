/**
 * The one request policy of the console (spec 1 §7, §8): headers, GET timestamp, trimmed POST
 * bodies, duplicate POST cancelling, the signed POST variant, timeouts, and how each kind of
 * failure is shown. Everything outside (session, notifier, clock) is injected so the rules are
 * unit-tested with a fake axios adapter.
 */
import { ApiCode, type Envelope, MSG } from '@fieldpay/domain';
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { hmacSha256Hex } from './crypto';
import { SESSION_END_CODES, SILENT_SESSION_END_CODE, timeoutFor, untrimmedKeysFor } from './request-rules';
import { deepTrim } from './trim';

export interface Notifier {
  warning(text: string): void;
  error(text: string): void;
}

export interface HttpDeps {
  getToken(): string | null;
  getTenantId(): number | null;
  /** Clear every piece of session data and go to the login page. */
  endSession(): void;
  notifier(): Notifier;
  signSecret(): string;
  now?(): number;
  adapter?: AxiosAdapter;
}

export interface CallOptions {
  /** Show nothing; the caller presents the failure itself (login form, silent dialogs). */
  silent?: boolean;
  /** A 10001 answer leaves the session alone (the share-tree call of spec 1 §8). */
  keepSessionOn10001?: boolean;
  signal?: AbortSignal;
  timeout?: number;
  headers?: Record<string, string>;
}

export interface UploadOptions extends CallOptions {
  /** 0–99 while sending, 100 once the server has answered (spec 1 §4). */
  onProgress?(percent: number): void;
}

interface FieldpayConfig extends CallOptions {
  signed?: boolean;
  upload?: boolean;
  pendingKey?: string;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    fieldpay?: FieldpayConfig;
  }
}

/** 'malformed': a success answer without the result the contract promises. */
export type FailureCode = number | 'timeout' | 'network' | 'malformed';

/** A failed call; the notifier has already shown it unless the call was silent. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: FailureCode,
    readonly result: unknown = null,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A duplicate in-flight POST, or a call aborted by its caller: never shown to the user. */
export const isCancelled = (error: unknown): boolean => axios.isCancel(error);

export const DUPLICATE_REQUEST = 'duplicate request cancelled';

export interface DownloadResult {
  blob: Blob;
  fileName: string | null;
}

export interface HttpClient {
  get<T>(url: string, params?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T>>;
  post<T>(url: string, body?: unknown, options?: CallOptions): Promise<Envelope<T>>;
  /** POST with `X-Sign` = HMAC-SHA256(body JSON + timestamp) and `X-TIMESTAMP`. */
  postSigned<T>(url: string, body?: unknown, options?: CallOptions): Promise<Envelope<T>>;
  upload<T>(url: string, form: FormData, options?: UploadOptions): Promise<Envelope<T>>;
  download(
    url: string,
    params?: Record<string, unknown>,
    options?: CallOptions & { method?: 'get' | 'post'; body?: unknown },
  ): Promise<DownloadResult>;
  readonly axios: AxiosInstance;
}

const isEnvelope = (value: unknown): value is Envelope<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { success?: unknown }).success === 'boolean';

/** Text of a blob (FileReader where `Blob#text` is missing, as in jsdom). */
export function readBlobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function envelopeInBlob(blob: Blob): Promise<Envelope<unknown> | null> {
  if (!/json/i.test(blob.type)) return null;
  try {
    const parsed: unknown = JSON.parse(await readBlobText(blob));
    return isEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function messageForStatus(status: number): string {
  if (status === 401) return MSG.tokenInvalid;
  if (status === 403) return MSG.forbidden;
  if (status === 404) return MSG.notFound;
  if (status === 413) return MSG.bodyTooLarge;
  if (status === 429) return MSG.tooManyRequests;
  return MSG.serverError;
}

const isTimeout = (error: AxiosError): boolean =>
  error.code === 'ETIMEDOUT' || (error.code === 'ECONNABORTED' && /timeout/i.test(error.message));

function fileNameOf(response: AxiosResponse): string | null {
  const disposition = String(response.headers['content-disposition'] ?? '');
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? decodeURIComponent(plain[1]) : null;
}

export function createHttpClient(deps: HttpDeps): HttpClient {
  const now = deps.now ?? Date.now;
  const instance = axios.create({ adapter: deps.adapter });
  const pending = new Set<string>();
  /** Session-ending warnings are shown once per token, however many calls fail with it. */
  const warnedTokens = new Set<string>();

  const release = (config: AxiosRequestConfig | undefined) => {
    const key = config?.fieldpay?.pendingKey;
    if (key) pending.delete(key);
  };

  instance.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
    const options = config.fieldpay ?? {};
    const url = config.url ?? '';
    const token = deps.getToken();
    // A header the caller set (a session not stored yet) wins over the stored session.
    if (token && !config.headers.has('X-Access-Token')) config.headers.set('X-Access-Token', token);
    const tenantId = deps.getTenantId();
    if (tenantId !== null && !config.headers.has('X-Tenant-Id')) config.headers.set('X-Tenant-Id', String(tenantId));
    config.timeout = options.timeout ?? timeoutFor(url, Boolean(options.upload));

    const method = (config.method ?? 'get').toLowerCase();
    if (method === 'get') config.params = { ...(config.params ?? {}), _t: now() };
    if (method === 'post' && !(config.data instanceof FormData)) {
      if (config.data !== undefined) config.data = deepTrim(config.data, untrimmedKeysFor(url));
      const key = `${url}\n${JSON.stringify(config.data ?? null)}`;
      if (pending.has(key)) throw new axios.CanceledError(DUPLICATE_REQUEST);
      pending.add(key);
      config.fieldpay = { ...options, pendingKey: key };
      if (options.signed) {
        const timestamp = String(now());
        const body = JSON.stringify(config.data ?? {});
        config.headers.set('X-Sign', await hmacSha256Hex(deps.signSecret(), body + timestamp));
        config.headers.set('X-TIMESTAMP', timestamp);
        config.headers.set('Content-Type', 'application/json');
        config.data = body;
      }
    }
    return config;
  });

  const failure = (envelope: Envelope<unknown>, status: number, config: AxiosRequestConfig | undefined): ApiError => {
    const options = config?.fieldpay ?? {};
    const code = envelope.code;
    const text = envelope.message || MSG.serverError;
    const sentToken = String(config?.headers?.['X-Access-Token'] ?? '');
    const warnOnce = (message: string) => {
      if (warnedTokens.has(sentToken)) return;
      warnedTokens.add(sentToken);
      deps.notifier().warning(message);
    };
    if (code === ApiCode.tokenInvalid && !options.keepSessionOn10001) {
      warnOnce(envelope.message || MSG.tokenInvalid);
      deps.endSession();
    } else if (SESSION_END_CODES.has(code)) {
      if (code !== SILENT_SESSION_END_CODE) warnOnce(text);
      deps.endSession();
    } else if (!options.silent) {
      deps.notifier().warning(text);
    }
    return new ApiError(text, code, envelope.result, status);
  };

  instance.interceptors.response.use(
    async (response) => {
      release(response.config);
      const data: unknown = response.data;
      const envelope = data instanceof Blob ? await envelopeInBlob(data) : isEnvelope(data) ? data : null;
      if (envelope && !envelope.success) throw failure(envelope, response.status, response.config);
      return response;
    },
    async (error: AxiosError) => {
      release(error.config);
      if (axios.isCancel(error)) throw error;
      const options = error.config?.fieldpay ?? {};
      if (isTimeout(error)) {
        if (!options.silent) deps.notifier().error(MSG.requestTimeout);
        throw new ApiError(MSG.requestTimeout, 'timeout');
      }
      const response = error.response;
      if (response) {
        const data: unknown = response.data;
        const envelope = data instanceof Blob ? await envelopeInBlob(data) : isEnvelope(data) ? data : null;
        if (envelope) throw failure(envelope, response.status, error.config);
        const text = messageForStatus(response.status);
        if (!options.silent) deps.notifier().error(text);
        throw new ApiError(text, response.status, null, response.status);
      }
      if (!options.silent) deps.notifier().error(MSG.networkError);
      throw new ApiError(MSG.networkError, 'network');
    },
  );

  const config = (options: CallOptions | undefined, extra: FieldpayConfig = {}): AxiosRequestConfig => ({
    signal: options?.signal,
    headers: options?.headers,
    fieldpay: { ...options, ...extra },
  });

  return {
    axios: instance,
    async get<T>(url: string, params?: Record<string, unknown>, options?: CallOptions) {
      const response = await instance.get<Envelope<T>>(url, { ...config(options), params });
      return response.data;
    },
    async post<T>(url: string, body?: unknown, options?: CallOptions) {
      const response = await instance.post<Envelope<T>>(url, body, config(options));
      return response.data;
    },
    async postSigned<T>(url: string, body?: unknown, options?: CallOptions) {
      const response = await instance.post<Envelope<T>>(url, body ?? {}, config(options, { signed: true }));
      return response.data;
    },
    async upload<T>(url: string, form: FormData, options?: UploadOptions) {
      const response = await instance.post<Envelope<T>>(url, form, {
        ...config(options, { upload: true }),
        onUploadProgress: (event) => {
          if (!options?.onProgress) return;
          const percent = event.total ? Math.floor((event.loaded / event.total) * 100) : 0;
          options.onProgress(Math.min(99, percent));
        },
      });
      options?.onProgress?.(100);
      return response.data;
    },
    async download(url, params, options) {
      const request: AxiosRequestConfig = { ...config(options), params, responseType: 'blob' };
      const response =
        options?.method === 'post'
          ? await instance.post<Blob>(url, options.body ?? {}, request)
          : await instance.get<Blob>(url, request);
      return { blob: response.data, fileName: fileNameOf(response) };
    },
  };
}
