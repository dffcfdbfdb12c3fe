/**
 * The finance module's demo step: enterprise users set their transaction password and top up their
 * paying banks through the services their requests use (the bank simulator books each deposit, the
 * ledger credits it). The README's enterprise account 13900000001 has 135790 as the transaction
 * password in both of its tenants and funded paying banks; one other enterprise per tenant does the
 * same, so the ledger holds rows of several tenants and enterprises.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { enterpriseMembers, users, virtualAccounts } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import type { DemoStep, SystemScope } from '../../platform/modules';
import { auditActorOf, writeAudit } from '../../platform/system/audit';
import { DEMO_ACCOUNTS, DEMO_IP } from '../../seed/demo';
import type { Services } from '../../services';
import { storePayPassword } from './pay-password';
import { syncStatement, topUp } from './top-up';

/** The README's transaction password of the demo enterprise (README, demo accounts). */
export const DEMO_PAY_PASSWORD = '135790';

interface Member {
  userId: number;
  username: string;
  realname: string;
  tenantId: number;
  enterpriseId: number;
}

/** The demo enterprise user's memberships, and the first other enterprise's member on each tenant. */
async function payingMembers(db: DbOrTx): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      realname: users.realname,
      tenantId: enterpriseMembers.tenantId,
      enterpriseId: enterpriseMembers.enterpriseId,
    })
    .from(enterpriseMembers)
    .innerJoin(users, eq(users.id, enterpriseMembers.userId))
    .orderBy(asc(enterpriseMembers.enterpriseId), asc(users.id));
  const readme = rows.filter((row) => row.username === DEMO_ACCOUNTS.enterpriseUser.username);
  const others = rows.filter(
    (row) =>
      row.username !== DEMO_ACCOUNTS.enterpriseUser.username &&
      !readme.some((own) => own.enterpriseId === row.enterpriseId),
  );
  const firstPerTenant = others.filter(
    (row, index) => others.findIndex((other) => other.tenantId === row.tenantId) === index,
  );
  return [...readme, ...firstPerTenant];
}

async function signIn(services: Services, system: SystemScope, member: Member): Promise<Principal> {
  const token = await system(async (tx) => {
    const created = await services.sessions.create(tx, { ...member, side: 'enterprise', ip: DEMO_IP });
    await writeAudit(
      tx,
      { userId: member.userId, name: member.realname, side: 'enterprise', tenantId: member.tenantId, ip: DEMO_IP },
      { action: 'auth.login', targetType: 'user', targetId: member.userId },
    );
    return created;
  });
  const principal = await services.sessions.resolve(token);
  if (!principal) throw new Error(`demo member ${member.userId} could not sign in`);
  return principal;
}

/** Top-ups in yuan-fen per paying bank, first bank larger: what a client company keeps for a month of settlements. */
const TOP_UPS_FEN = [
  [50_000_000, 12_000_000, 3_568_050],
  [8_000_000, 2_345_600],
];

export const financeDemo: DemoStep = {
  reason: 'demo: transaction passwords set and paying banks topped up through the services',
  async run(services, system) {
    const { scopes } = services.ctx;
    const members = await system(payingMembers);
    for (const member of members) {
      const principal = await signIn(services, system, member);
      const actor = auditActorOf(principal, DEMO_IP);
      await scopes.withViewer(principal, async (db) => {
        await storePayPassword(
          services,
          { tenantId: member.tenantId, enterpriseId: member.enterpriseId },
          DEMO_PAY_PASSWORD,
          actor,
          false,
        );
        const banks = await db
          .select({
            id: virtualAccounts.id,
            accountNo: virtualAccounts.accountNo,
            accountName: virtualAccounts.accountName,
          })
          .from(virtualAccounts)
          .where(
            and(
              eq(virtualAccounts.tenantId, member.tenantId),
              inArray(virtualAccounts.enterpriseId, [member.enterpriseId]),
            ),
          )
          .orderBy(asc(virtualAccounts.id));
        for (const [index, bank] of banks.entries()) {
          for (const amount of TOP_UPS_FEN[Math.min(index, TOP_UPS_FEN.length - 1)]) {
            await topUp(services, principal, { id: bank.id, amount }, actor);
          }
          // the statement read afterwards finds every deposit credited already
          await syncStatement(services, {
            tenantId: member.tenantId,
            enterpriseId: member.enterpriseId,
            virtualAccountId: bank.id,
            accountNo: bank.accountNo,
            accountName: bank.accountName,
          });
        }
      });
      await scopes.withViewer(principal, () => services.sessions.revoke(principal.sessionId));
    }
  },
};
