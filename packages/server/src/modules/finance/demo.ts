/**
 * The finance module's demo step: enterprise users set their transaction password and top up their
 * paying banks through the services their requests use (the bank simulator books each deposit, the
 * ledger credits it). The README's enterprise account 13900000001 has 135790 as the transaction
 * password in both of its tenants and funded paying banks; one other enterprise per tenant does the
 * same, so the ledger holds rows of several tenants and enterprises. The README company then
 * withdraws to its own bank cards: one withdrawal the bank pays on each platform, and on the
 * first one a withdrawal the bank fails (the card's name differs at the bank), whose money came back.
 */
import crypto from 'node:crypto';
import type { SendPhoneBody } from '@fieldpay/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  enterpriseBankCards,
  enterpriseMembers,
  enterprises,
  smsCodes,
  smsOutbox,
  users,
  virtualAccounts,
} from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import type { DemoStep, SystemScope } from '../../platform/modules';
import { auditActorOf, writeAudit } from '../../platform/system/audit';
import { DEMO_ACCOUNTS, DEMO_IP } from '../../seed/demo';
import type { Services } from '../../services';
import { sendPhoneCode, storePayPassword } from './pay-password';
import { syncStatement, topUp } from './top-up';
import { runWithdrawals, withdraw } from './withdrawals';

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

/**
 * The transaction password and the SMS code as the pay and withdraw dialogs send them: the password
 * encrypted under a fresh single-use key, the code sent to the user's phone and read from the outbox.
 */
export async function demoPayCredentials(
  services: Services,
  payer: Principal,
  code: Omit<SendPhoneBody, 'phone'>,
): Promise<{ keyId: string; password: string; phone: string; phoneCode: string }> {
  const key = crypto.randomBytes(8).toString('hex');
  const timestamp = Date.now();
  const sign = crypto.createHmac('sha256', services.ctx.config.signSecret).update(`${key}${timestamp}`).digest('hex');
  const grant = await services.keys.issue({
    key,
    timestamp,
    sign,
    headerSign: sign,
    headerTimestamp: String(timestamp),
  });
  const password = crypto
    .publicEncrypt(
      { key: grant.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(DEMO_PAY_PASSWORD),
    )
    .toString('base64');
  const phone = await services.sms.ownPhone(payer.userId);
  await sendPhoneCode(services, payer, { ...code, phone });
  const [sent] = await services.ctx.db
    .select({ content: smsOutbox.content })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const phoneCode = /(\d{6})/.exec(sent?.content ?? '')?.[1] ?? '';
  return { keyId: grant.keyId, password, phone, phoneCode };
}

/** The SMS resend wait is a minute per user: the demo's earlier codes are aged past it, as time would. */
export const ageDemoCodes = (services: Services, userId: number) =>
  services.ctx.scopes.withSystem('demo: a minute passes between two codes', (db) =>
    db
      .update(smsCodes)
      .set({ createdAt: sql`${smsCodes.createdAt} - interval '61 seconds'` })
      .where(eq(smsCodes.userId, userId)),
  );

/** Top-ups in yuan-fen per paying bank, first bank larger: what a client company keeps for a month of settlements. */
const TOP_UPS_FEN = [
  [50_000_000, 12_000_000, 3_568_050],
  [8_000_000, 2_345_600],
];

/** What the README company withdraws: to its first card, and (first platform) one the bank fails. */
const WITHDRAWN_FEN = 880_000;
const FAILED_WITHDRAWAL_FEN = 150_000;
const DAY = 86_400_000;
/**
 * The demo's money arrives from this day on (a top-up every few days), and the withdrawals are made on
 * WITHDRAWN_AT and answered minutes later: all before the settlements' first payment (2026-11),
 * so a paying bank's flows read in the order of time.
 */
const FUNDED_FROM = new Date('2026-10-20T09:30:00+08:00').getTime();
const WITHDRAWN_AT = new Date('2026-10-30T15:20:00+08:00').getTime();
/** the bank's answers come after the last withdrawal (made a minute after the first) */
const WITHDRAWAL_ANSWERED_AFTER = 3 * 60_000;

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
          for (const [order, amount] of TOP_UPS_FEN[Math.min(index, TOP_UPS_FEN.length - 1)].entries()) {
            const bookedAt = new Date(FUNDED_FROM + (order * 3 + index) * DAY);
            await topUp(services, principal, { id: bank.id, amount }, actor, bookedAt);
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
      if (member.username === DEMO_ACCOUNTS.enterpriseUser.username)
        await withdrawToOwnCards(services, principal, member, members.indexOf(member) === 0);
      await scopes.withViewer(principal, () => services.sessions.revoke(principal.sessionId));
    }
    const bank = await services.bank.gateway();
    // the demo's bank answers at once; the configured delay comes back for the running console
    await bank.setFinishDelay(0);
    try {
      while ((await runWithdrawals(services, undefined, new Date(WITHDRAWN_AT + WITHDRAWAL_ANSWERED_AFTER))) > 0);
    } finally {
      await bank.setFinishDelay(services.ctx.config.bank.finishDelayMs);
    }
  },
};

async function withdrawToOwnCards(services: Services, principal: Principal, member: Member, withFailure: boolean) {
  const { scopes } = services.ctx;
  const actor = auditActorOf(principal, DEMO_IP);
  const { cards, payBankId, enterpriseName } = await scopes.withViewer(principal, async (db) => {
    const owner = and(
      eq(enterpriseBankCards.tenantId, member.tenantId),
      eq(enterpriseBankCards.enterpriseId, member.enterpriseId),
    );
    const [payBank] = await db
      .select({ id: virtualAccounts.id })
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.tenantId, member.tenantId), eq(virtualAccounts.enterpriseId, member.enterpriseId)))
      .orderBy(asc(virtualAccounts.id))
      .limit(1);
    const [enterprise] = await db
      .select({ name: enterprises.name })
      .from(enterprises)
      .where(eq(enterprises.id, member.enterpriseId));
    return {
      cards: await db.select().from(enterpriseBankCards).where(owner).orderBy(asc(enterpriseBankCards.id)),
      payBankId: payBank?.id,
      enterpriseName: enterprise?.name ?? '',
    };
  });
  if (!payBankId || cards.length === 0) return;
  const plan = [{ card: cards[0], amount: WITHDRAWN_FEN }];
  if (withFailure && cards[1]) {
    // the payee bank knows this account under the company's former name: 收款人户名与账号不符
    const bank = await services.bank.gateway();
    await bank.openAccount({ accountNo: cards[1].bankAccount, accountName: `${enterpriseName}（原户名）` });
    plan.push({ card: cards[1], amount: FAILED_WITHDRAWAL_FEN });
  }
  for (const entry of plan) {
    const { card, amount } = entry;
    await ageDemoCodes(services, member.userId);
    await scopes.withViewer(principal, async () => {
      const credentials = await demoPayCredentials(services, principal, { purpose: 'withdraw' });
      await withdraw(
        services,
        principal,
        { id: payBankId, cardId: card.id, amount, requestId: crypto.randomUUID(), ...credentials },
        actor,
        new Date(WITHDRAWN_AT + plan.indexOf(entry) * 60_000),
      );
    });
  }
}
