/**
 * Making a settlement (decisions 0019, 0021): every audited, unsettled, rewarded task of one
 * project and service type, one line per person, with the service fee of the enterprise's
 * configuration and, when the project's tax source withholds (taxModel 1), the person's taxes.
 * A person without a verified card, or over the monthly limit, gets a line that cannot be paid.
 */
import {
  DEFAULT_MONTHLY_LIMIT_FEN,
  fenToYuan,
  LINE_FAILURE,
  lineFee,
  lineTaxes,
  PROJECT_STATUS_IN_PROGRESS,
  SETTLEMENT_MSG,
  TASK_AUDIT,
  TASK_TYPES,
  type TaskTypeId,
  type createSettlementOperation,
  type settleableTasksOperation,
} from '@fieldpay/domain';
import { and, asc, type Column, eq, gt, gte, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { slices } from '../../db/slices';
import {
  personBankCards,
  persons,
  projects,
  settlementEvents,
  settlementLines,
  settlements,
  settlementTasks,
  tasks,
  taxSources,
} from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaDay, chinaMonthStart } from '../../platform/china-time';
import { createNotice, tenantStaffIds } from '../../platform/notices/service';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { attachGeneratedFiles, generatedFilesOf } from './documents';
import { feeConfigAt } from './fees';
import { settlementLink } from './links';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;

/** The enterprise making the settlement. */
interface Owner {
  tenantId: number;
  enterpriseId: number;
}

/** Rows of the owner: its tenant and its enterprise. */
const ownedBy = (owner: Owner, table: { tenantId: Column; enterpriseId: Column }) =>
  and(eq(table.tenantId, owner.tenantId), eq(table.enterpriseId, owner.enterpriseId));

function ownEnterprise(principal: Principal): Owner {
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
  return { tenantId: principal.tenantId, enterpriseId: principal.enterpriseId };
}

/** The tasks a new settlement of this project and service type would take (not locked). */
const settleableTasks = (db: DbOrTx, owner: Owner, projectId: number, visitTypeId: string) =>
  db
    .select({ id: tasks.id, personId: tasks.personId, priceFen: tasks.priceFen })
    .from(tasks)
    .where(
      and(
        ownedBy(owner, tasks),
        eq(tasks.projectId, projectId),
        eq(tasks.visitTypeId, visitTypeId),
        eq(tasks.auditStatus, TASK_AUDIT.approved),
        gt(tasks.priceFen, 0),
        isNotNull(tasks.personId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(settlementTasks)
            .where(
              and(
                eq(settlementTasks.tenantId, tasks.tenantId),
                eq(settlementTasks.taskId, tasks.id),
                isNull(settlementTasks.releasedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(tasks.id));

/** The owner's project, its row locked when `lock` (the creation's order, see createSettlement). */
async function ownProject(db: DbOrTx, owner: Owner, projectId: number, lock = false) {
  const query = db
    .select()
    .from(projects)
    .where(and(ownedBy(owner, projects), eq(projects.id, projectId)));
  const [project] = lock ? await query.for('update') : await query;
  if (!project) throw fail.notFound(SETTLEMENT_MSG.projectNotSettleable);
  return project;
}

export async function settleableSummary(
  db: DbOrTx,
  principal: Principal,
  input: Input<typeof settleableTasksOperation>,
) {
  const owner = ownEnterprise(principal);
  const project = await ownProject(db, owner, input.projectId);
  const rows = await settleableTasks(db, owner, project.id, input.visitTypeId);
  return {
    projectId: project.id,
    visitTypeId: input.visitTypeId,
    taskNum: rows.length,
    personNum: new Set(rows.map((row) => row.personId)).size,
    payAmount: fenToYuan(rows.reduce((sum, row) => sum + row.priceFen, 0)),
  };
}

/** Each person's pay on this enterprise's live settlements since the month began (China time). */
async function monthToDatePay(db: DbOrTx, owner: Owner, personIds: number[], now: Date): Promise<Map<number, number>> {
  if (personIds.length === 0) return new Map();
  const rows = await db
    .select({ personId: settlementLines.personId, payFen: sql<string>`sum(${settlementLines.payFen})` })
    .from(settlementLines)
    .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
    .where(
      and(
        ownedBy(owner, settlementLines),
        inArray(settlementLines.personId, personIds),
        eq(settlementLines.isSuccess, 1),
        inArray(settlements.auditStatus, [1, 2]),
        gte(settlements.createdAt, chinaMonthStart(now)),
      ),
    )
    .groupBy(settlementLines.personId);
  return new Map(rows.map((row) => [row.personId, Number(row.payFen)]));
}

/**
 * POST createSettlementListV2. The project's row is locked first, so two creations for one project
 * run one after the other and the second finds the first one's tasks taken; the partial unique
 * index on settlement_tasks is the last word that a task is settled at most once.
 */
export async function createSettlement(
  db: DbOrTx,
  principal: Principal,
  input: Input<typeof createSettlementOperation>,
  actor: AuditActor,
  now = new Date(),
) {
  const owner = ownEnterprise(principal);
  const project = await ownProject(db, owner, input.projectId, true);

  const [earlier] = await db
    .select()
    .from(settlements)
    .where(and(ownedBy(owner, settlements), eq(settlements.requestId, input.requestId)));
  if (earlier) return createdAnswer(earlier);

  // the page's files are checked before anything is written: a refusal then leaves nothing behind
  const attachments = await generatedFilesOf(db, owner, input.attachments);
  const taken = await settleableTasks(db, owner, project.id, input.visitTypeId);
  if (taken.length === 0) throw fail.rule(SETTLEMENT_MSG.nothingToSettle);
  if (
    project.projectStatus !== PROJECT_STATUS_IN_PROGRESS &&
    project.projectStatus !== 2 &&
    project.projectStatus !== 3
  )
    throw fail.rule(SETTLEMENT_MSG.projectNotSettleable);

  const byPerson = new Map<number, { taskIds: number[]; payFen: number; prices: number[] }>();
  for (const task of taken) {
    const personId = task.personId as number;
    const entry = byPerson.get(personId) ?? { taskIds: [], payFen: 0, prices: [] };
    entry.taskIds.push(task.id);
    entry.prices.push(task.priceFen);
    entry.payFen += task.priceFen;
    byPerson.set(personId, entry);
  }
  const personIds = [...byPerson.keys()].sort((a, b) => a - b);
  const people = await db
    .select({ id: persons.id, name: persons.name })
    .from(persons)
    .where(and(eq(persons.tenantId, owner.tenantId), inArray(persons.id, personIds)));
  const names = new Map(people.map((person) => [person.id, person.name]));
  const cards = await db
    .select()
    .from(personBankCards)
    .where(
      and(
        eq(personBankCards.tenantId, owner.tenantId),
        inArray(personBankCards.personId, personIds),
        eq(personBankCards.verified, 1),
      ),
    )
    .orderBy(asc(personBankCards.isDefault), asc(personBankCards.id));
  // the default card wins (ordered last), else the first verified one
  const cardOf = new Map<number, (typeof cards)[number]>();
  for (const card of cards) if (card.isDefault === 1 || !cardOf.has(card.personId)) cardOf.set(card.personId, card);

  const [taxSource] = project.taxId
    ? await db.select().from(taxSources).where(eq(taxSources.id, project.taxId))
    : [undefined];
  const taxModel = taxSource?.taxModel ?? 0;
  const monthlyLimit = taxSource?.monthlyLimitFen ?? DEFAULT_MONTHLY_LIMIT_FEN;
  const feeConfig = await feeConfigAt(db, owner, now);
  const earlierPay = await monthToDatePay(db, owner, personIds, now);

  const lines = personIds.map((personId) => {
    const { taskIds, payFen } = byPerson.get(personId) as { taskIds: number[]; payFen: number };
    const before = earlierPay.get(personId) ?? 0;
    const fee = lineFee(feeConfig, payFen, before);
    const taxes =
      taxModel === 1
        ? lineTaxes(payFen, {
            valueAddedTaxBp: taxSource?.valueAddedTaxBp ?? 0,
            surchargeBp: taxSource?.surchargeBp ?? 0,
          })
        : null;
    const card = cardOf.get(personId);
    const failureMsg = !card
      ? LINE_FAILURE.noBankCard
      : before + payFen > monthlyLimit
        ? LINE_FAILURE.overMonthlyLimit(fenToYuan(monthlyLimit))
        : '';
    return {
      personId,
      taskIds,
      totalTask: taskIds.length,
      payFen,
      feeFen: fee.fee,
      amountFen: payFen + fee.fee,
      valueAddedTaxFen: taxes?.valueAddedTax ?? 0,
      surchargeTaxFen: taxes?.surchargeTax ?? 0,
      incomeTaxFen: taxes?.individualIncomeTax ?? 0,
      totalTaxFen: taxes?.totalTaxAmount ?? 0,
      receivedFen: taxes ? taxes.receivedAmount : payFen,
      isSuccess: failureMsg ? 0 : 1,
      failureMsg,
      thirdPayStatus: failureMsg ? 5 : 0,
      accountNo: card?.accountNo ?? '',
      accountName: card?.accountName ?? names.get(personId) ?? '',
      bankName: card?.bankName ?? '',
    };
  });
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((total, line) => total + pick(line), 0);

  const [{ id }] = (
    await db.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('settlements', 'id'))::int as id`)
  ).rows;
  const settlementSn = `JS${chinaDay(now)}${String(id).padStart(8, '0')}`;
  const [settlement] = await db
    .insert(settlements)
    .values({
      id,
      ...owner,
      settlementSn,
      requestId: input.requestId,
      projectId: project.id,
      visitTypeId: input.visitTypeId,
      taxModel,
      payFen: sum((line) => line.payFen),
      feeFen: sum((line) => line.feeFen),
      amountFen: sum((line) => line.amountFen),
      taxFen: sum((line) => line.totalTaxFen),
      totalTask: taken.length,
      totalPersonNum: lines.length,
      failedPersonNum: lines.filter((line) => line.isSuccess === 0).length,
      remarks: input.remarks,
      createdBy: actor.userId,
      createName: actor.name,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  // what every row of the settlement carries: its owner, the settlement, the time of making
  const ofSettlement = { ...owner, settlementId: settlement.id, createdAt: now };
  const lineRows = lines.map(({ taskIds: _taskIds, ...line }, index) => ({
    ...line,
    ...ofSettlement,
    subOrderNum: `${settlementSn}${String(index + 1).padStart(4, '0')}`,
    updatedAt: now,
  }));
  const insertedLines = [];
  // in slices: one statement takes at most 65,535 parameters (db/slices.ts)
  for (const slice of slices(lineRows))
    insertedLines.push(
      ...(await db
        .insert(settlementLines)
        .values(slice)
        .returning({ id: settlementLines.id, personId: settlementLines.personId })),
    );
  const lineOf = new Map(insertedLines.map((line) => [line.personId, line.id]));
  const priceOf = new Map(taken.map((task) => [task.id, task.priceFen]));
  const taskRows = lines.flatMap((line) =>
    line.taskIds.map((taskId) => ({
      ...ofSettlement,
      lineId: lineOf.get(line.personId) as number,
      taskId,
      priceFen: priceOf.get(taskId) ?? 0,
    })),
  );
  for (const slice of slices(taskRows)) await db.insert(settlementTasks).values(slice);
  await db.insert(settlementEvents).values({
    ...ofSettlement,
    title: '企业申请结算',
    operator: actor.name,
    content: `结算单${settlementSn}，${lines.length}人，${taken.length}个任务，合计${fenToYuan(settlement.amountFen)}元`,
  });
  await attachGeneratedFiles(db, settlement, attachments, actor);
  await writeAudit(db, actor, {
    action: 'settlement.create',
    targetType: 'settlement',
    targetId: settlement.id,
    after: {
      settlementSn,
      projectId: project.id,
      visitTypeId: input.visitTypeId,
      amountFen: settlement.amountFen,
      feeFen: settlement.feeFen,
      lines: lines.length,
      tasks: taken.length,
    },
  });
  await createNotice(db, {
    tenantId: owner.tenantId,
    userIds: await tenantStaffIds(db, owner.tenantId),
    type: 'settlement',
    title: '新的结算单待审核',
    content: `项目“${project.projectName}”（${TASK_TYPES[input.visitTypeId as TaskTypeId]}）提交了结算单${settlementSn}，金额${fenToYuan(settlement.amountFen)}元，请及时审核。`,
    bizId: settlement.id,
    link: settlementLink(settlement.id),
    createdAt: now,
  });
  return createdAnswer(settlement);
}

const createdAnswer = (settlement: typeof settlements.$inferSelect) => ({
  id: settlement.id,
  settlementSn: settlement.settlementSn,
  amount: fenToYuan(settlement.amountFen),
  failedPersonNum: settlement.failedPersonNum,
});
