import crypto from 'node:crypto';
import { FILE_ROUTE_PREFIX } from '@fieldpay/domain';

/**
 * Addresses and signed links of stored files (decision 0006). The address
 * `/api/resource/file/{tenantId}/{fileKey}` is stable and is what business records keep; a link is
 * the address plus an expiry and an HMAC-SHA256 (key: serverKey 'file-link', decision 0009), so an
 * <img>, a PDF viewer or a download can open the file without the session header, until the link
 * expires.
 */

// the prefix is declared with the file operations in domain
export { FILE_ROUTE_PREFIX };
/** links handed to a signed-in console */
export const FILE_LINK_TTL_MS = 30 * 60_000;
/**
 * The longest lifetime any link gets (app downloads). The server refuses a link whose expiry lies
 * further ahead, whatever its signature: a link must never outlive this, even one signed with a
 * leaked or development key.
 */
export const MAX_FILE_LINK_TTL_MS = 60 * 60_000;

export type Disposition = 'inline' | 'attachment';

export interface FileRef {
  tenantId: number;
  fileKey: string;
}

const ADDRESS_PATTERN = /^\/api\/resource\/file\/(\d{1,9})\/([A-Za-z0-9_-]{16,32})$/;

export const addressOf = (ref: FileRef): string => `${FILE_ROUTE_PREFIX}/${ref.tenantId}/${ref.fileKey}`;

/** The file an address names, or null for anything else (a foreign URL, a path trick). */
export function parseAddress(address: string): FileRef | null {
  const match = ADDRESS_PATTERN.exec(address.trim());
  return match ? { tenantId: Number(match[1]), fileKey: match[2] } : null;
}

const signatureOf = (key: Buffer, ref: FileRef, expires: number, disposition: Disposition): string =>
  crypto.createHmac('sha256', key).update(`${ref.tenantId}/${ref.fileKey}:${expires}:${disposition}`).digest('hex');

export function signedLink(
  key: Buffer,
  ref: FileRef,
  options: { ttlMs?: number; disposition?: Disposition; now?: number } = {},
): { url: string; expiresAt: number } {
  return signedLinkAt(addressOf(ref), key, ref, options);
}

/**
 * The same signed link for a stored object that is not a row of files (a task photo): `ref` names
 * it with a fileKey outside the files' pattern (`task-photo:…`), so no link of one kind opens the other.
 */
export function signedLinkAt(
  address: string,
  key: Buffer,
  ref: FileRef,
  options: { ttlMs?: number; disposition?: Disposition; now?: number } = {},
): { url: string; expiresAt: number } {
  const disposition = options.disposition ?? 'inline';
  const ttlMs = options.ttlMs ?? FILE_LINK_TTL_MS;
  if (ttlMs > MAX_FILE_LINK_TTL_MS) throw new Error(`a file link lives at most ${MAX_FILE_LINK_TTL_MS} ms`);
  const expiresAt = (options.now ?? Date.now()) + ttlMs;
  const query = new URLSearchParams({
    expires: String(expiresAt),
    disposition,
    sign: signatureOf(key, ref, expiresAt, disposition),
  });
  return { url: `${address}?${query}`, expiresAt };
}

export type LinkCheck = 'valid' | 'expired' | 'forged';

export function checkLink(
  key: Buffer,
  ref: FileRef,
  query: { expires: number; disposition: Disposition; sign: string },
  now: number = Date.now(),
): LinkCheck {
  const expected = Buffer.from(signatureOf(key, ref, query.expires, query.disposition), 'hex');
  const given = Buffer.from(query.sign, 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'forged';
  // never issued: no link lives longer than the longest lifetime
  if (query.expires > now + MAX_FILE_LINK_TTL_MS) return 'forged';
  return query.expires < now ? 'expired' : 'valid';
}
