import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signGetKey, useTestApp } from '../../../test/app';
import { keyGrants, rsaKeys } from '../../db/schema';
import { KeyService } from './keys';

const t = useTestApp();

function signedRequest() {
  const key = crypto.randomBytes(8).toString('hex');
  const timestamp = Date.now();
  const sign = signGetKey(key, timestamp);
  return { key, timestamp, sign, headerSign: sign, headerTimestamp: String(timestamp) };
}

describe('the sweep of expired login keys', () => {
  it('deletes expired grants and retired pairs in its own transaction after the request’s', async () => {
    const { scopes } = t.services.ctx;
    const retired = await scopes.withSystem('test: a pair retired two days ago with an expired grant', async (db) => {
      const [pair] = await db
        .insert(rsaKeys)
        .values({ publicPem: 'retired', privateSealed: 'retired', rotateAt: new Date(Date.now() - 48 * 3_600_000) })
        .returning({ id: rsaKeys.id });
      await db.insert(keyGrants).values({
        keyId: 'expired-grant-0000000001',
        nonce: 'expired-nonce:1',
        rsaKeyId: pair.id,
        expiresAt: new Date(Date.now() - 47 * 3_600_000),
      });
      return pair.id;
    });
    // a process's first getKey sweeps: a fresh service is a fresh process's
    const keys = new KeyService(t.services.ctx);
    const issued = await scopes.withSystem('test: getKey', () => keys.issue(signedRequest()));
    expect(issued.keyId).toBeTruthy();
    const left = await scopes.withSystem('test: read back', async (db) => ({
      grants: await db.select().from(keyGrants).where(eq(keyGrants.keyId, 'expired-grant-0000000001')),
      pairs: await db
        .select()
        .from(rsaKeys)
        .where(inArray(rsaKeys.id, [retired])),
      issued: await db.select().from(keyGrants).where(eq(keyGrants.keyId, issued.keyId)),
    }));
    expect(left).toMatchObject({ grants: [], pairs: [], issued: [{ keyId: issued.keyId }] });
  });
});
