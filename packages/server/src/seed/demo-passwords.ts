import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { verifyPassword } from '../platform/auth/passwords';
import { DEMO_ACCOUNTS, GENERATED_ACCOUNT_PASSWORD } from './demo';

/** Every password README publishes. */
export const PUBLISHED_DEMO_PASSWORDS: readonly string[] = [
  ...Object.values(DEMO_ACCOUNTS).map((account) => account.password),
  GENERATED_ACCOUNT_PASSWORD,
];

const README_USERNAMES = Object.values(DEMO_ACCOUNTS).map((account) => account.username);

/**
 * Usernames of accounts that still sign in with a published demo password. Argon2 hashes are
 * salted, so each candidate hash is verified: the README accounts, and every hash two or more
 * accounts share (the demo seed hashes the generated accounts' password once for all of them;
 * passwords set one by one never share a salt). That keeps a production boot to a few dozen
 * verifications however many users there are.
 */
export async function accountsWithDemoPasswords(db: DbOrTx): Promise<string[]> {
  const shared = db
    .select({ hash: users.passwordHash })
    .from(users)
    .groupBy(users.passwordHash)
    .having(sql`count(*) > 1`);
  const candidates = await db
    .select({ username: users.username, hash: users.passwordHash })
    .from(users)
    .where(sql`${users.username} in ${README_USERNAMES} or ${inArray(users.passwordHash, shared)}`);
  const hashes = [...new Set(candidates.map((row) => row.hash))];
  const published = new Set<string>();
  for (const hash of hashes) {
    for (const password of PUBLISHED_DEMO_PASSWORDS) {
      if (await verifyPassword(hash, password)) {
        published.add(hash);
        break;
      }
    }
  }
  return candidates.filter((row) => published.has(row.hash)).map((row) => row.username);
}
