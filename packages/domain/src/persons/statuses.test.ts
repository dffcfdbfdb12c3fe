import { describe, expect, it } from 'vitest';
import { identityFacts } from './statuses';

describe('identityFacts', () => {
  const now = new Date('2026-03-07T15:59:59Z'); // 2026-03-07 23:59:59 in China

  it('reads the sex from the 17th digit and the age on the China calendar', () => {
    // born 1990-03-07: the birthday is today in China
    expect(identityFacts('330106199003071234', now)).toEqual({ sex: 1, age: 36 });
    // born 1990-03-08: one day short
    expect(identityFacts('33010619900308124X', now)).toEqual({ sex: 2, age: 35 });
    // a minute later it is the 8th in China
    expect(identityFacts('33010619900308124X', new Date('2026-03-07T16:00:00Z')).age).toBe(36);
  });

  it('knows nothing of a missing or malformed number', () => {
    expect(identityFacts(null, now)).toEqual({ sex: null, age: null });
    expect(identityFacts('330106900307123', now)).toEqual({ sex: null, age: null });
  });
});
