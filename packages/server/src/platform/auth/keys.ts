import crypto from 'node:crypto';
import { type GetKeyResult, MSG } from '@fieldpay/domain';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { keyGrants, rsaKeys } from '../../db/schema';
import { ApiCode } from '@fieldpay/domain';
import { fail } from '../../core/errors';
import type { AppContext } from '../context';
import { serverKey } from '../server-keys';
import { hmacHex, randomToken, safeEqualHex, seal, unseal } from './crypto';

/** A signed getKey request is valid this long around the server's clock (DESIGN §3). */
export const SIGN_WINDOW_MS = 5 * 60_000;
/** A key grant must be used for a login within this time. */
export const GRANT_TTL_MS = 5 * 60_000;
/** A key pair stops being handed out after this; grants already given stay usable. */
export const KEY_ROTATE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;

const badSignature = (message: string) => fail.validation(message, null, ApiCode.badSignature);

export interface SignedKeyRequest {
  key: string;
  timestamp: number;
  sign: string;
  headerSign: string | undefined;
  headerTimestamp: string | undefined;
}

/**
 * RSA-OAEP keys for encrypting passwords in the browser. getKey is signed (HMAC of key+timestamp),
 * time-boxed and single-use per nonce; each grant (keyId) decrypts exactly one login attempt.
 * Key pairs live in the database (private half sealed under SERVER_SECRET) so every replica can
 * decrypt. A pair sealed under another secret (the old SIGN_SECRET seal, a changed SERVER_SECRET)
 * is unusable: it is dropped and a fresh pair made, so startup and login keep working.
 */
export class KeyService {
  private current: { id: number; publicPem: string; rotateAt: number } | null = null;
  private readonly privateKeys = new Map<number, crypto.KeyObject>();
  private lastSweep = 0;
  private readonly sealKey: Buffer;

  constructor(private readonly ctx: AppContext) {
    this.sealKey = serverKey(ctx.config.serverSecret, 'rsa-key-seal');
  }

  async issue(request: SignedKeyRequest, now = Date.now()): Promise<GetKeyResult> {
    this.verifySignature(request, now);
    const pair = await this.currentPair(now);
    const keyId = randomToken(24);
    const inserted = await this.ctx.db
      .insert(keyGrants)
      .values({
        keyId,
        nonce: `${request.key}:${request.timestamp}`,
        rsaKeyId: pair.id,
        expiresAt: new Date(now + GRANT_TTL_MS),
      })
      .onConflictDoNothing({ target: keyGrants.nonce })
      .returning({ keyId: keyGrants.keyId });
    if (inserted.length === 0) throw badSignature(MSG.signatureReplayed);
    // after the request's transaction: the sweep is its own short transaction, not the request's
    await this.ctx.scopes.afterCommit(() => this.sweep(now));
    return { keyId, publicKey: pair.publicPem };
  }

  /** Marks the grant used and answers its private key; a used, expired or unknown keyId is refused. */
  async consume(keyId: string, now = Date.now()): Promise<crypto.KeyObject> {
    const [grant] = await this.ctx.db
      .update(keyGrants)
      .set({ usedAt: new Date(now) })
      .where(and(sql`${keyGrants.keyId} = ${keyId}`, isNull(keyGrants.usedAt), gt(keyGrants.expiresAt, new Date(now))))
      .returning({ rsaKeyId: keyGrants.rsaKeyId });
    if (!grant) throw badSignature(MSG.keyExpired);
    return this.privateKey(grant.rsaKeyId);
  }

  decrypt(privateKey: crypto.KeyObject, base64Cipher: string): string {
    try {
      return crypto
        .privateDecrypt(
          { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(base64Cipher, 'base64'),
        )
        .toString('utf8');
    } catch {
      throw fail.validation(MSG.passwordDecryptFailed);
    }
  }

  private verifySignature(request: SignedKeyRequest, now: number): void {
    const expected = hmacHex(this.ctx.config.signSecret, `${request.key}${request.timestamp}`);
    const headersAgree = request.headerSign === request.sign && request.headerTimestamp === String(request.timestamp);
    if (!headersAgree || !safeEqualHex(expected, request.sign)) throw badSignature(MSG.badSignature);
    if (Math.abs(now - request.timestamp) > SIGN_WINDOW_MS) throw badSignature(MSG.signatureExpired);
  }

  private async currentPair(now: number): Promise<{ id: number; publicPem: string }> {
    if (this.current && this.current.rotateAt > now) return this.current;
    const [stored] = await this.ctx.db
      .select()
      .from(rsaKeys)
      .where(gt(rsaKeys.rotateAt, new Date(now + GRANT_TTL_MS)))
      .orderBy(desc(rsaKeys.id))
      .limit(1);
    if (stored && this.open(stored)) {
      this.current = { id: stored.id, publicPem: stored.publicPem, rotateAt: stored.rotateAt.getTime() - GRANT_TTL_MS };
      return this.current;
    }
    if (stored) {
      this.ctx.log.warn({ rsaKeyId: stored.id }, 'stored RSA key sealed under another secret; replacing it');
      await this.ctx.db.delete(rsaKeys).where(eq(rsaKeys.id, stored.id));
    }
    const { publicKey, privateKey } = await generateRsaPair();
    const rotateAt = new Date(now + KEY_ROTATE_MS);
    const [row] = await this.ctx.db
      .insert(rsaKeys)
      .values({ publicPem: publicKey, privateSealed: seal(this.sealKey, privateKey), rotateAt })
      .returning({ id: rsaKeys.id });
    this.privateKeys.set(row.id, crypto.createPrivateKey(privateKey));
    this.current = { id: row.id, publicPem: publicKey, rotateAt: rotateAt.getTime() - GRANT_TTL_MS };
    return this.current;
  }

  private async privateKey(rsaKeyId: number): Promise<crypto.KeyObject> {
    const cached = this.privateKeys.get(rsaKeyId);
    if (cached) return cached;
    const [row] = await this.ctx.db.select().from(rsaKeys).where(sql`${rsaKeys.id} = ${rsaKeyId}`);
    const key = row ? this.open(row) : null;
    if (!key) throw badSignature(MSG.keyExpired);
    return key;
  }

  /** The private key of a stored pair (cached), or null when it was sealed under another secret. */
  private open(row: { id: number; privateSealed: string }): crypto.KeyObject | null {
    const cached = this.privateKeys.get(row.id);
    if (cached) return cached;
    try {
      const key = crypto.createPrivateKey(unseal(this.sealKey, row.privateSealed));
      this.privateKeys.set(row.id, key);
      return key;
    } catch {
      return null;
    }
  }

  /** Old grants and retired key pairs go away; a day of grace keeps in-flight logins working. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    try {
      await this.ctx.scopes.withSystem('expired key grants and retired RSA pairs', async (db) => {
        await db.delete(keyGrants).where(lt(keyGrants.expiresAt, new Date(now - SWEEP_EVERY_MS)));
        await db.delete(rsaKeys).where(lt(rsaKeys.rotateAt, new Date(now - 24 * 3600_000)));
      });
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'key sweep failed');
    }
  }
}

function generateRsaPair(): Promise<{ publicKey: string; privateKey: string }> {
  return new Promise((resolve, reject) => {
    crypto.generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (error, publicKey, privateKey) => (error ? reject(error) : resolve({ publicKey, privateKey })),
    );
  });
}
