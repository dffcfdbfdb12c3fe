import crypto from 'node:crypto';

/** What a key derived from SERVER_SECRET is for. */
export type ServerKeyPurpose = 'rsa-key-seal' | 'file-link' | 'watermark' | 'login-log';

/**
 * One key per purpose, HMAC-SHA256(SERVER_SECRET, purpose), so a seal or signature made for one
 * purpose is worthless for another (decision 0009).
 */
export const serverKey = (serverSecret: string, purpose: ServerKeyPurpose): Buffer =>
  crypto.createHmac('sha256', serverSecret).update(`fieldpay:${purpose}`).digest();
