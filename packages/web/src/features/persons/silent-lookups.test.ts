/**
 * The background lookups of the person and enterprise screens swallow a failure silently (spec 3 §8):
 * they ask the request layer for no message, and the screen keeps its button disabled or hidden.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchPayAccountSystems, fetchBankSystems } from '../enterprises/enterprise-calls';
import { fetchWasTransferred } from './person-calls';

const client = vi.hoisted(() => ({ call: vi.fn(), callWithMessage: vi.fn(), http: {} }));
vi.mock('../../app/api-client', () => client);

beforeEach(() => vi.resetAllMocks());

describe('silent lookups', () => {
  it('ask the request layer to show nothing', async () => {
    client.call.mockResolvedValue(false);
    await fetchWasTransferred(7);
    await fetchPayAccountSystems({ enterpriseId: 9, tenantId: 3 });
    await fetchBankSystems({ enterpriseId: 9, tenantId: 3 });
    expect(client.call).toHaveBeenCalledTimes(3);
    for (const [, , options] of client.call.mock.calls) expect(options).toEqual({ silent: true });
  });
});
