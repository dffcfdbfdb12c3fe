export interface PublicRoute {
  method: 'GET' | 'POST';
  url: string;
  /** why it must answer without a session */
  reason: string;
}

/**
 * The one list of routes that answer without a session (deny by default, DESIGN §5). A route is
 * public only when it declares `config: { access: 'public' }` and is listed here: making a route
 * public takes both edits, and the registration fails on either alone (access.ts).
 */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { method: 'GET', url: '/api/health', reason: 'liveness probe of load balancers' },
  { method: 'GET', url: '/api/sys2/getKey', reason: 'login: the public key encrypting the password' },
  { method: 'GET', url: '/sys/randomImage/:checkKey', reason: 'login: the captcha image' },
  { method: 'POST', url: '/platform/v2/login', reason: 'login, platform side' },
  { method: 'POST', url: '/enterprise/v2/login', reason: 'login, enterprise side' },
  { method: 'POST', url: '/api/worker/login', reason: 'login of the service personnel app (natural persons)' },
  {
    method: 'GET',
    url: '/api/sys2/app/version/latest',
    reason: 'the APP download page the QR code opens on a phone without a session',
  },
  {
    method: 'GET',
    url: '/api/resource/file/:tenantId/:fileKey',
    reason: 'a signed file link is its own permission; without a signature the route authenticates itself',
  },
  {
    method: 'GET',
    url: '/api/sys/task/photo/:tenantId/:photoId',
    reason: 'a signed task-photo link is its own permission; without a signature the route authenticates itself',
  },
  {
    method: 'GET',
    url: '/api/sys/person/material/:tenantId/:id',
    reason:
      'a signed person-material link (given by the account info, decision 0044) is its own permission; nothing else opens it',
  },
  {
    method: 'GET',
    url: '/api/esign/sign/:token',
    reason: 'the signing page of an online agreement, opened in a new window: its one-time token is the credential',
  },
  {
    method: 'POST',
    url: '/api/esign/sign/:token',
    reason: 'the signing page posts the signer’s answer under the same token',
  },
  { method: 'GET', url: '/api/dev/sms-outbox', reason: 'development SMS outbox; not registered in production' },
];

/** Routes a plugin registers, which cannot declare access: the OpenAPI document and its page. */
export const PUBLIC_PREFIXES: readonly string[] = ['/api/docs'];

/** A HEAD route is the automatic twin of a GET route and shares its listing. */
export const isListedPublic = (method: string, url: string): boolean => {
  const listedMethod = method === 'HEAD' ? 'GET' : method;
  return PUBLIC_ROUTES.some((route) => route.method === listedMethod && route.url === url);
};

export const isUnderPublicPrefix = (url: string): boolean =>
  PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
