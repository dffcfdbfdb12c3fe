// @vitest-environment node
// (jsdom typed arrays come from another realm than node's WebCrypto; browsers have one realm.)
import { describe, expect, it } from 'vitest';
import { hmacSha256Hex, RSA_INVALID_PUBLIC_KEY, RSA_MESSAGE_TOO_LONG, randomHex, rsaEncryptBase64 } from './crypto';

async function keyPair() {
  const pair = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  const base64 = btoa(String.fromCharCode(...spki));
  const pem = `-----BEGIN PUBLIC KEY-----\n${base64.match(/.{1,64}/g)?.join('\n')}\n-----END PUBLIC KEY-----\n`;
  return { pem, privateKey: pair.privateKey };
}

describe('hmacSha256Hex', () => {
  it('matches the RFC 4231 test case 2', async () => {
    expect(await hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });
});

describe('randomHex', () => {
  it('answers hex of the asked length, different each time', () => {
    const a = randomHex(16);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomHex(16)).not.toBe(a);
  });
});

describe('rsaEncryptBase64', () => {
  it('encrypts with RSA-OAEP SHA-256 so the private key reads the password back', async () => {
    const { pem, privateKey } = await keyPair();
    const cipher = await rsaEncryptBase64(pem, 'Admin@123456 密码');
    const bytes = Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0));
    expect(bytes).toHaveLength(256);
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, bytes);
    expect(new TextDecoder().decode(plain)).toBe('Admin@123456 密码');
  });

  it('refuses text longer than the key can carry', async () => {
    const { pem } = await keyPair();
    await expect(rsaEncryptBase64(pem, 'x'.repeat(191))).rejects.toThrow(RSA_MESSAGE_TOO_LONG);
  });

  it('refuses a malformed public key', async () => {
    await expect(rsaEncryptBase64('not a key', 'x')).rejects.toThrow(RSA_INVALID_PUBLIC_KEY);
    await expect(rsaEncryptBase64('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', 'x')).rejects.toThrow(
      RSA_INVALID_PUBLIC_KEY,
    );
  });
});
