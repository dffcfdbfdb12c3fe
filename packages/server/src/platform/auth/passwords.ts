import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id minimum: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => hash(plain, OPTIONS);

let dummyHash: Promise<string> | null = null;

/** Verifies against a real hash, or against a throwaway one so unknown accounts take as long as known ones. */
export async function verifyPassword(storedHash: string | null, plain: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(storedHash, plain).catch(() => false);
}
