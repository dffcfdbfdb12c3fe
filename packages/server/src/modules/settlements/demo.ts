/**
 * The settlements module's demo step: on each platform of the demo company (13900000001), the
 * persons who did its approved tasks bind verified cards, and the enterprise settles one service
 * type after another through the services, so every state of spec 2 §4 exists on both tenants:
 * pending audit, refused, withdrawn, approved and unpaid (the balance covers it), paid and paid out,
 * paid with a failed payout (the bank knows the card under another name), and paid with payouts in
 * flight. Payments go through the transaction password (RSA under a key grant) and the SMS code, as
 * the settlement dialog sends them.
 */
import crypto from 'node:crypto';
import {
  REPORT_QUESTIONNAIRE_TYPE,
  REPORT_UPLOAD,
  SETTLEMENT_ATTACHMENT_UPLOAD_PATH,
  type TaskTypeId,
} from '@fieldpay/domain';
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import { channelAccounts, enterpriseMembers, persons, tasks, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { addressOf } from '../../platform/files/links';
import type { DemoStep } from '../../platform/modules';
import { auditActorOf } from '../../platform/system/audit';
import { GENERATED_ACCOUNT_PASSWORD, DEMO_IP } from '../../seed/demo';
import { hashPassword } from '../../platform/auth/passwords';
import type { Services } from '../../services';
import { ageDemoCodes, demoPayCredentials } from '../finance/demo';
import { bindVerifiedBankCard } from '../persons/service';
import { createSettlement } from './create';
import { generateStatement, requestStatement, saveAttachment } from './documents';
import { renderPdf } from '../../platform/pdf';
import { setFeeConfig } from './fees';
import { chinaMonth, chinaMonthBounds } from '../../platform/china-time';
import { auditSettlement, paySettlement } from './moves';
import { drainPayouts, runPayouts } from './payouts';
import { generateReport, regenerateReport, reportOverview } from './report';
import { demoCompanyOnEachPlatform, demoPrincipal } from '../../seed/demo-actors';
import { uploadAs } from '../../seed/demo-upload';

const DAY = 86_400_000;
const TODAY = new Date('2026-11-22T10:00:00+08:00').getTime();
const BANKS = ['中国工商银行', '招商银行', '中国建设银行', '中国农业银行'];

/** What happens to each service type's settlement, in order. */
const PLAN = ['paidOut', 'payoutFailed', 'inFlight', 'approvedUnpaid', 'pending', 'refused', 'withdrawn'] as const;
type Fate = (typeof PLAN)[number];

const principalOf = (row: Parameters<typeof demoPrincipal>[0]): Principal => demoPrincipal(row, TODAY);

const demoUuid = (...parts: Array<string | number>) => {
  const hex = crypto
    .createHash('sha256')
    .update(`demo-settlement:${parts.join(':')}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** A card number per person: deterministic, 19 digits. */
const cardOf = (tenantId: number, personId: number) =>
  `62220${String(tenantId).padStart(4, '0')}${String(personId).padStart(10, '0')}`;

async function whoSettles(services: Services) {
  return services.ctx.scopes.withSystem('demo: who settles on each platform of the demo company', async (db) => {
    const found = [];
    for (const { member, staff } of (await demoCompanyOnEachPlatform(db)).slice(0, 2)) {
      const done = await db
        .selectDistinct({ visitTypeId: tasks.visitTypeId, projectId: tasks.projectId, personId: tasks.personId })
        .from(tasks)
        .where(
          and(
            eq(tasks.tenantId, member.tenantId),
            eq(tasks.enterpriseId, member.enterpriseId),
            eq(tasks.auditStatus, 2),
            gt(tasks.priceFen, 0),
            isNotNull(tasks.personId),
          ),
        )
        .orderBy(asc(tasks.visitTypeId));
      if (done.length > 0) found.push({ member, staff, done });
    }
    return found;
  });
}

/** The demo company's finance clerk (not a README account, whose first visit the e2e counts). */
const CLERK = { username: '13900000002', realname: '周敏' } as const;

/**
 * The clerk, a member of the demo company on this platform with the README user's role. Idempotent:
 * the tasks demo asks for her first (she registers the customers the tasks serve, decision 0027).
 */
export async function clerkOf(services: Services, member: { userId: number; tenantId: number; enterpriseId: number }) {
  return services.ctx.scopes.withSystem('demo: the finance clerk of the demo company', async (db) => {
    let [clerk] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.side, 'enterprise'), eq(users.username, CLERK.username)));
    if (!clerk) {
      [clerk] = await db
        .insert(users)
        .values({
          side: 'enterprise',
          username: CLERK.username,
          realname: CLERK.realname,
          phone: CLERK.username,
          passwordHash: await hashPassword(GENERATED_ACCOUNT_PASSWORD),
        })
        .returning({ id: users.id });
    }
    const [role] = await db
      .select({ roleId: enterpriseMembers.roleId })
      .from(enterpriseMembers)
      .where(
        and(
          eq(enterpriseMembers.userId, member.userId),
          eq(enterpriseMembers.tenantId, member.tenantId),
          eq(enterpriseMembers.enterpriseId, member.enterpriseId),
        ),
      );
    await db
      .insert(enterpriseMembers)
      .values({ userId: clerk.id, enterpriseId: member.enterpriseId, tenantId: member.tenantId, roleId: role.roleId })
      .onConflictDoNothing();
    return principalOf({
      userId: clerk.id,
      realname: CLERK.realname,
      username: CLERK.username,
      tenantId: member.tenantId,
      enterpriseId: member.enterpriseId,
      side: 'enterprise',
    });
  });
}

/** The password and the SMS code as the settlement dialog sends them. */
async function payBody(services: Services, payer: Principal, settlementId: number) {
  const credentials = await demoPayCredentials(services, payer, { settlementId });
  return { id: settlementId, bankNo: 'CMB', ...credentials, type: 1 as const };
}

async function playSettlement(
  services: Services,
  enterprise: Principal,
  clerk: Principal,
  staff: Principal,
  done: { visitTypeId: string; projectId: number },
  fate: Fate,
  created: number,
  /** a settlement made again after its first was withdrawn gets a key of its own */
  attempt = 1,
): Promise<number> {
  const { scopes } = services.ctx;
  const enterpriseActor = auditActorOf(enterprise, DEMO_IP);
  const staffActor = auditActorOf(staff, DEMO_IP);
  const settlement = await scopes.withViewer(enterprise, () =>
    createSettlement(
      services.ctx.db,
      enterprise,
      {
        requestId:
          attempt === 1
            ? demoUuid(enterprise.tenantId, done.projectId, done.visitTypeId)
            : demoUuid(enterprise.tenantId, done.projectId, done.visitTypeId, attempt),
        projectId: done.projectId,
        visitTypeId: done.visitTypeId as TaskTypeId,
        remarks: '',
        attachments: [],
      },
      enterpriseActor,
      new Date(created),
    ),
  );
  if (fate === 'pending') {
    await attachNote(services, clerk, settlement.id, created);
    return settlement.id;
  }
  if (fate === 'withdrawn') {
    await scopes.withViewer(enterprise, () =>
      auditSettlement(
        services,
        enterprise,
        { settlementId: settlement.id, auditStatus: -1, remarks: '结算任务有误，撤回后重新生成' },
        enterpriseActor,
        new Date(created + 3 * 3_600_000),
      ),
    );
    return settlement.id;
  }
  await scopes.withViewer(staff, () =>
    auditSettlement(
      services,
      staff,
      fate === 'refused'
        ? { settlementId: settlement.id, auditStatus: 3, remarks: '部分任务照片不清晰，请核实后重新提交' }
        : { settlementId: settlement.id, auditStatus: 2, remarks: '' },
      staffActor,
      new Date(created + DAY),
    ),
  );
  if (fate === 'refused' || fate === 'approvedUnpaid') return settlement.id;
  await ageDemoCodes(services, enterprise.userId);
  await scopes.withViewer(enterprise, async () =>
    paySettlement(
      services,
      enterprise,
      await payBody(services, enterprise, settlement.id),
      enterpriseActor,
      new Date(created + 2 * DAY),
    ),
  );
  if (fate === 'inFlight') {
    // the payment reached the platform; the payouts are sent and the bank is still working on them
    await runPayouts(services, { settlementId: settlement.id, at: new Date(created + 2 * DAY + 60_000) });
    await runPayouts(services, { settlementId: settlement.id, at: new Date(created + 2 * DAY + 120_000) });
    return settlement.id;
  }
  // the bank answers within the hour of the payment
  await drainPayouts(services, settlement.id, 20, new Date(created + 2 * DAY + 3_600_000));
  if (fate === 'paidOut') {
    // the enterprise asks for its reconciliation statement; the job makes it
    await scopes.withViewer(clerk, () =>
      requestStatement(services, clerk, settlement.id, auditActorOf(clerk, DEMO_IP), new Date(created + 3 * DAY)),
    );
    await generateStatement(
      services,
      { settlementId: settlement.id, userId: clerk.userId },
      new Date(created + 3 * DAY + 60_000),
    );
    await makeReport(services, clerk, settlement.id, created + 3 * DAY + 120_000);
  }
  return settlement.id;
}

/**
 * The clerk opens 生成报告 (the report's number is made, decision 0026) and the job renders it; on a
 * report that is not a questionnaire's, the clerk adds the store's display check (其他构成) and
 * regenerates it.
 */
async function makeReport(services: Services, clerk: Principal, settlementId: number, at: number) {
  const { scopes } = services.ctx;
  const overview = await scopes.withViewer(clerk, () => reportOverview(services, clerk, settlementId, new Date(at)));
  if (overview.visitTypeId === REPORT_QUESTIONNAIRE_TYPE) {
    await generateReport(services, { settlementId }, new Date(at + 60_000));
    return;
  }
  const bytes = await renderPdf(
    {
      title: '门店陈列检查说明',
      subject: 'store display check',
      footer: '门店陈列检查说明',
      sections: [
        {
          title: '检查结果',
          fields: [
            ['检查范围', '本期结算任务覆盖的全部终端门店'],
            ['陈列达标', '主推产品均位于收银台或黄金货架位置'],
            ['整改事项', '两家门店价签已于次日更换'],
          ],
        },
      ],
    },
    new Date(at),
  );
  await scopes.withViewer(clerk, async () => {
    const file = await uploadAs(services, clerk, bytes, '门店陈列检查说明.pdf', {
      scene: 'settleReport',
      uploadPath: REPORT_UPLOAD.uploadPath,
      id: String(settlementId),
    });
    await regenerateReport(
      services,
      clerk,
      {
        settlementId,
        fileList: [
          {
            fileName: file.fileName,
            fileType: file.extension,
            fileAddress: addressOf(file),
            fileSize: file.fileSize,
          },
        ],
      },
      auditActorOf(clerk, DEMO_IP),
      new Date(at + 120_000),
    );
  });
  await generateReport(services, { settlementId }, new Date(at + 180_000));
}

/** A settlement waiting for its audit gets the enterprise's note of the work, as a PDF attachment. */
async function attachNote(services: Services, enterprise: Principal, settlementId: number, created: number) {
  const bytes = await renderPdf(
    {
      title: '结算补充说明',
      subject: 'settlement note',
      footer: '结算补充说明',
      sections: [
        {
          title: '说明',
          fields: [
            ['事项', '本期任务已全部完成并经企业内部核对'],
            ['附件', '任务完成情况汇总'],
          ],
        },
      ],
    },
    new Date(created),
  );
  const actor = auditActorOf(enterprise, DEMO_IP);
  await services.ctx.scopes.withViewer(enterprise, async () => {
    const file = await uploadAs(services, enterprise, bytes, '结算补充说明.pdf', {
      scene: 'default',
      uploadPath: SETTLEMENT_ATTACHMENT_UPLOAD_PATH,
      id: String(settlementId),
    });
    await saveAttachment(services, enterprise, { settId: settlementId, address: addressOf(file) }, actor);
  });
}

export const settlementsDemo: DemoStep = {
  reason: 'demo: settlements made, audited, withdrawn, paid and paid out through the services',
  async run(services) {
    const bank = await services.bank.gateway();
    // the demo's bank answers at once; the configured delay comes back for the running console
    await bank.setFinishDelay(0);
    try {
      await settleAll(services);
    } finally {
      await bank.setFinishDelay(services.ctx.config.bank.finishDelayMs);
    }
  },
};

async function settleAll(services: Services) {
  const { scopes } = services.ctx;
  const bank = await services.bank.gateway();
  for (const { member, staff, done } of await whoSettles(services)) {
    const enterprise = principalOf({ ...member, side: 'enterprise' });
    const clerk = await clerkOf(services, member);
    const reviewer = principalOf({ ...staff, tenantId: member.tenantId, enterpriseId: null, side: 'platform' });
    // the platform's settlement accounts are real accounts at the bank: the simulator opens them
    const channels = await scopes.withSystem('demo: the platform settlement accounts at the bank', (db) =>
      db.select().from(channelAccounts).where(eq(channelAccounts.tenantId, member.tenantId)),
    );
    for (const channel of channels)
      await bank.openAccount({ accountNo: channel.accountNo, accountName: channel.accountName });
    const personIds = [...new Set(done.map((row) => row.personId as number))];
    const people = await scopes.withSystem('demo: the persons who did the tasks', (db) =>
      db
        .select({ id: persons.id, name: persons.name, phone: persons.phone })
        .from(persons)
        .where(inArray(persons.id, personIds)),
    );
    for (const [index, person] of people.entries()) {
      const accountNo = cardOf(member.tenantId, person.id);
      await scopes.withSystem('demo: a person binds a verified bank card in the app', (db) =>
        bindVerifiedBankCard(db, {
          tenantId: member.tenantId,
          personId: person.id,
          accountNo,
          accountName: person.name,
          bankName: BANKS[index % BANKS.length],
          reservedPhone: person.phone,
        }),
      );
      await bank.openAccount({ accountNo, accountName: person.name });
    }
    // the platform agreed personal tiers with the demo company before its first settlement: 6 % up to
    // 30,000 yuan a month, 8 % up to 1,000,000 (and beyond: the last tier); and lowered them from next
    // month on (decision 0035)
    const agreedAt = new Date(TODAY - (PLAN.length * 2 + 1) * DAY);
    const owner = { tenantId: member.tenantId, enterpriseId: member.enterpriseId };
    await scopes.withViewer(reviewer, async () => {
      const actor = auditActorOf(reviewer, DEMO_IP);
      const tiers = (low: number, high: number) => ({
        base: 'net' as const,
        tiers: [
          { upToFen: 3_000_000, rateBp: low },
          { upToFen: 100_000_000, rateBp: high },
        ],
      });
      await setFeeConfig(services.ctx.db, owner, tiers(600, 800), actor, agreedAt, agreedAt);
      const nextMonth = chinaMonthBounds(chinaMonth(new Date(TODAY))).end;
      await setFeeConfig(services.ctx.db, owner, tiers(550, 750), actor, new Date(TODAY), nextMonth);
    });
    const types = [...new Map(done.map((row) => [row.visitTypeId, row])).values()];
    for (const [index, row] of types.slice(0, PLAN.length).entries()) {
      const fate = PLAN[index];
      const payees = people.filter((person) =>
        done.some((task) => task.visitTypeId === row.visitTypeId && task.personId === person.id),
      );
      if (fate === 'payoutFailed') {
        // one payee had bound a newer card the bank still holds under an old name: 户名不符
        const [payee] = payees;
        const newer = `62170${String(member.tenantId).padStart(4, '0')}${String(payee.id).padStart(10, '0')}`;
        await scopes.withSystem('demo: a person binds a newer card', (db) =>
          bindVerifiedBankCard(db, {
            tenantId: member.tenantId,
            personId: payee.id,
            accountNo: newer,
            accountName: payee.name,
            bankName: '中国建设银行',
          }),
        );
        await bank.openAccount({ accountNo: newer, accountName: '原开户名' });
        await playSettlement(services, enterprise, clerk, reviewer, row, fate, TODAY - (PLAN.length - index) * 2 * DAY);
        // and went back to the card that works; the failed line can be re-issued to it
        await scopes.withSystem('demo: the person binds the working card again', (db) =>
          bindVerifiedBankCard(db, {
            tenantId: member.tenantId,
            personId: payee.id,
            accountNo: cardOf(member.tenantId, payee.id),
            accountName: payee.name,
            bankName: BANKS[0],
          }),
        );
        continue;
      }
      await playSettlement(services, enterprise, clerk, reviewer, row, fate, TODAY - (PLAN.length - index) * 2 * DAY);
    }
    // the survey tasks' settlement was withdrawn to be made again: the second one is paid out, and
    // its report carries the questionnaire's analysis
    const survey = types.find((row) => row.visitTypeId === 'wjdy');
    if (survey && PLAN[types.indexOf(survey)] === 'withdrawn')
      await playSettlement(services, enterprise, clerk, reviewer, survey, 'paidOut', TODAY - DAY, 2);
    // the demo's payments were days ago: the console may send the next payment code at once
    await ageDemoCodes(services, enterprise.userId);
  }
}
