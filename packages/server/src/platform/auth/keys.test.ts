import crypto from 'node:crypto';
import { ApiCode, MSG } from '@fieldpay/domain';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { keyGrants, rsaKeys } from '../../db/schema';
import {
  createPlatformUser,
  encryptPassword,
  getKey,
  login,
  TEST_SERVER_SECRET,
  TEST_SIGN_SECRET,
  useTestApp,
} from '../../../test/app';
import { serverKey } from '../server-keys';
import { seal, unseal } from './crypto';
import { KEY_ROTATE_MS } from './keys';

const t = useTestApp();

/** How private keys were sealed before decision 0009: under SHA-256 of `seal:` + SIGN_SECRET. */
const oldSealKey = crypto.createHash('sha256').update(`seal:${TEST_SIGN_SECRET}`).digest();

/** A live pair as an existing data dir holds it from before the server secret. */
async function storeOldSealedPair(): Promise<{ id: number; publicKey: string }> {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const [row] = await t.database.db
    .insert(rsaKeys)
    .values({
      publicPem: publicKey,
      privateSealed: seal(oldSealKey, privateKey),
      rotateAt: new Date(Date.now() + KEY_ROTATE_MS),
    })
    .returning({ id: rsaKeys.id });
  return { id: row.id, publicKey };
}

describe('stored RSA keys sealed under the old secret', () => {
  it('are dropped for a fresh pair sealed with the server key, and login works', async () => {
    const stale = await storeOldSealedPair();
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    const { publicKey } = await getKey(t.app);
    expect(publicKey).not.toBe(stale.publicKey);
    expect(await t.database.db.select().from(rsaKeys).where(eq(rsaKeys.id, stale.id))).toHaveLength(0);
    const [fresh] = await t.database.db.select().from(rsaKeys).orderBy(desc(rsaKeys.id)).limit(1);
    expect(fresh.publicPem).toBe(publicKey);
    expect(unseal(serverKey(TEST_SERVER_SECRET, 'rsa-key-seal'), fresh.privateSealed)).toContain('PRIVATE KEY');
    expect(() => unseal(oldSealKey, fresh.privateSealed)).toThrow();
    expect((await login(t.app, 'platform', user.username, user.password)).token).toBeTruthy();
  });

  it('answer a grant of such a pair with 登录密钥已失效 instead of a server error', async () => {
    const stale = await storeOldSealedPair();
    const user = await createPlatformUser(t.database, { tenantId: 0 });
    await t.database.db.insert(keyGrants).values({
      keyId: 'stale-grant-000000000001',
      nonce: 'stale-grant:1',
      rsaKeyId: stale.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/login',
      payload: {
        username: user.username,
        password: encryptPassword(stale.publicKey, user.password),
        keyId: 'stale-grant-000000000001',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ApiCode.badSignature, message: MSG.keyExpired });
  });
});
