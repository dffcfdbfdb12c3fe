/**
 * WebCrypto helpers for the credential flow of DESIGN §3: the getKey signature (HMAC-SHA256 hex)
 * and RSA-OAEP (SHA-256) encryption of the password with the server's SPKI PEM public key.
 */

/** Spec 1 §8 RSA errors, kept verbatim. */
export const RSA_MESSAGE_TOO_LONG = 'Message too long for RSA';
export const RSA_INVALID_PUBLIC_KEY = 'Invalid RSA public key';

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is unavailable: the console must be served over HTTPS or from localhost');
  return s;
}

const toHex = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

const toBase64 = (buffer: ArrayBuffer): string => {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** Lower-case hex HMAC-SHA256 of `message` keyed with `secret`. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await subtle().importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return toHex(await subtle().sign('HMAC', key, encoder.encode(message)));
}

/** Random hex string of `bytes` random bytes (the getKey `key`, captcha check keys). */
export function randomHex(bytes = 16): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return toHex(buffer.buffer);
}

function pemToDer(pem: string): ArrayBuffer {
  const match = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem);
  if (!match) throw new Error(RSA_INVALID_PUBLIC_KEY);
  try {
    const binary = atob(match[1].replace(/\s+/g, ''));
    const der = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) der[i] = binary.charCodeAt(i);
    return der.buffer;
  } catch {
    throw new Error(RSA_INVALID_PUBLIC_KEY);
  }
}

/** RSA-OAEP (SHA-256) encryption of `plaintext` with an SPKI PEM key; answers base64. */
export async function rsaEncryptBase64(publicKeyPem: string, plaintext: string): Promise<string> {
  let key: CryptoKey;
  try {
    key = await subtle().importKey('spki', pemToDer(publicKeyPem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
      'encrypt',
    ]);
  } catch {
    throw new Error(RSA_INVALID_PUBLIC_KEY);
  }
  const data = encoder.encode(plaintext);
  const modulusBytes = ((key.algorithm as RsaHashedKeyAlgorithm).modulusLength ?? 2048) / 8;
  // OAEP with SHA-256 spends 2 * 32 + 2 bytes of the modulus on padding.
  if (data.length > modulusBytes - 66) throw new Error(RSA_MESSAGE_TOO_LONG);
  return toBase64(await subtle().encrypt({ name: 'RSA-OAEP' }, key, data));
}
