import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageOf } from './envelope';

describe('paged answers', () => {
  const page = pageOf(z.object({ id: z.number() }));

  it('carry totalExact: false with an estimated total, and nothing with an exact one', () => {
    expect(page.parse({ records: [{ id: 1 }], total: 1_000_067, totalExact: false })).toEqual({
      records: [{ id: 1 }],
      total: 1_000_067,
      totalExact: false,
    });
    expect(page.parse({ records: [], total: 0 })).toEqual({ records: [], total: 0 });
    expect(page.safeParse({ records: [], total: 0, totalExact: true }).success).toBe(false);
  });
});
