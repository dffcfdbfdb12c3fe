/**
 * The reads of the settlement area: the list (with its amount total and sorting), the detail, the
 * lines, the per-person records, the payout attempts, the timeline, a person's paid lines and the
 * monthly-limit progress. Every query is scoped by the viewer (the wall is the second line).
 */
import {
  DEFAULT_MONTHLY_LIMIT_FEN,
  DICT_CODES,
  ENTERPRISE_PAY_STATUS,
  fenToYuan,
  maskBankCard,
  maskIdCard,
  maskPhone,
  type Page,
  SETTLEMENT_PAY_STATUS,
  SETTLEMENT_AUDIT_STATUS,
  SETTLEMENT_MSG,
  SETTLEMENT_RECORD_PAY_STATUS,
  type SettlementDetail,
  type SettlementLine,
  type SettlementRecord,
  settlementProcessStatus,
  statusLabel,
  TASK_TYPES,
  type TaskTypeId,
  type applySettlementListOperation,
  type auditSettlementPageOperation,
  type personSettlementPageOperation,
  type settlementPageOperation,
  type settlementRecordsOperation,
  type taxLimitProgressOperation,
} from '@fieldpay/domain';
import { and, asc, type Column, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { followedSum, paged } from '../../db/paging';
import {
  dictItems,
  enterprises,
  persons,
  projects,
  settlementEvents,
  settlementLines,
  settlements,
  settlementTransfers,
  taxSources,
  tenants,
} from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaMonth, chinaMonthStart } from '../../platform/china-time';
import { contains } from '../../platform/lookups/query';
import { attachmentCountOf } from './documents';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;
type SettlementRow = typeof settlements.$inferSelect;
const epoch = (date: Date | null | undefined): number | null => (date ? date.getTime() : null);

const scopeOf = (principal: Principal, tenantId?: number) =>
  enterpriseScope(principal, settlements.tenantId, settlements.enterpriseId, tenantId);

/**
 * Persons paid out and not, and what is not yet paid out (fen, tasks), per settlement, from its
 * lines: a subquery joined laterally to each settlement row read, so a page brings its figures in
 * its own statement. The lines are found by tenant and settlement (the index
 * settlement_lines_person leads with both): by settlement alone they would be a scan of every
 * tenant's lines. No line at all gives no row (nulls): the settlement's own figures stand.
 */
const lineFigures = new QueryBuilder()
  .select({
    paid: sql<number>`count(*) filter (where ${settlementLines.payStatus} = 1)::int`.as('paid'),
    unpaid: sql<number>`count(*) filter (where ${settlementLines.payStatus} <> 1)::int`.as('unpaid'),
    unpaidFen: sql<string>`sum(${settlementLines.amountFen}) filter (where ${settlementLines.payStatus} <> 1)`.as(
      'unpaid_fen',
    ),
    unpaidTasks:
      sql<number>`sum(${settlementLines.totalTask}) filter (where ${settlementLines.payStatus} <> 1)::int`.as(
        'unpaid_tasks',
      ),
  })
  .from(settlementLines)
  .where(and(eq(settlementLines.tenantId, settlements.tenantId), eq(settlementLines.settlementId, settlements.id)))
  .groupBy(settlementLines.settlementId)
  .as('line_figures');

interface Joined {
  settlement: SettlementRow;
  projectName: string;
  enterpriseName: string;
  tenantName: string;
  bankTitle: string | null;
  paidLines: number | null;
  unpaidLines: number | null;
  unpaidFen: string | null;
  unpaidTasks: number | null;
}

const joinedColumns = {
  settlement: settlements,
  projectName: projects.projectName,
  enterpriseName: enterprises.name,
  tenantName: tenants.name,
  bankTitle: dictItems.title,
  paidLines: lineFigures.paid,
  unpaidLines: lineFigures.unpaid,
  unpaidFen: lineFigures.unpaidFen,
  unpaidTasks: lineFigures.unpaidTasks,
};

/** The figures of a settlement's lines, or none when it has no line. */
function figuresOf(row: Joined) {
  if (row.paidLines === null) return undefined;
  return {
    paid: row.paidLines,
    unpaid: row.unpaidLines ?? 0,
    unpaidFen: Number(row.unpaidFen ?? 0),
    unpaidTasks: row.unpaidTasks ?? 0,
  };
}

const selectJoined = (db: DbOrTx) =>
  db
    .select(joinedColumns)
    .from(settlements)
    .innerJoin(projects, eq(projects.id, settlements.projectId))
    .innerJoin(enterprises, eq(enterprises.id, settlements.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, settlements.tenantId))
    .leftJoin(dictItems, and(eq(dictItems.dictCode, DICT_CODES.bankType), eq(dictItems.value, settlements.bankNo)))
    .leftJoinLateral(lineFigures, sql`true`);

function toRecord(row: Joined): SettlementRecord {
  const s = row.settlement;
  const figures = figuresOf(row);
  return {
    id: s.id,
    settlementSn: s.settlementSn,
    projectId: s.projectId,
    projectName: row.projectName,
    visitTypeId: s.visitTypeId,
    visitTypeValue: TASK_TYPES[s.visitTypeId as TaskTypeId] ?? s.visitTypeId,
    enterpriseId: s.enterpriseId,
    enterpriseName: row.enterpriseName,
    tenantId: s.tenantId,
    tenantName: row.tenantName,
    amount: fenToYuan(s.amountFen),
    fee: fenToYuan(s.feeFen),
    totalTask: s.totalTask,
    totalPersonNum: s.totalPersonNum,
    settlementNum: figures?.paid ?? 0,
    unSettlementNum: figures?.unpaid ?? s.totalPersonNum,
    unPayAmount: fenToYuan(figures?.unpaidFen ?? s.amountFen),
    auditStatus: s.auditStatus,
    auditStatusLabel: statusLabel(SETTLEMENT_AUDIT_STATUS, s.auditStatus),
    payStatus: s.payStatus,
    payStatusLabel: statusLabel(SETTLEMENT_PAY_STATUS, s.payStatus),
    enterprisePayStatus: s.enterprisePayStatus,
    enterprisePayStatusLabel: statusLabel(ENTERPRISE_PAY_STATUS, s.enterprisePayStatus),
    billStatus: s.billStatus,
    voucherStatus: s.voucherStatus,
    bankNo: s.bankNo,
    bankNo_dictText: row.bankTitle ?? s.bankNo ?? '',
    taxModel: s.taxModel,
    yurref: s.yurref ?? '',
    sourceType: s.sourceType,
    createName: s.createName,
    createTime: s.createdAt.getTime(),
    auditUserName: s.auditUserName,
    auditTime: epoch(s.auditTime),
    enterprisePayTime: epoch(s.enterprisePayTime),
    settlementTime: epoch(s.settlementTime),
    revokeTime: epoch(s.revokeTime),
    remarks: s.auditRemarks || s.remarks,
  };
}

const ORDER_COLUMNS = {
  amount: settlements.amountFen,
  createTime: settlements.createdAt,
  auditTime: settlements.auditTime,
  settlementTime: settlements.settlementTime,
} as const;

function listWhere(principal: Principal, query: Input<typeof settlementPageOperation>): SQL | undefined {
  const at = (value: Date | undefined) => value;
  return and(
    scopeOf(principal, query.tenantId),
    equalsIfGiven(settlements.enterpriseId, query.enterpriseId),
    equalsIfGiven(settlements.projectId, query.projectId),
    equalsIfGiven(settlements.visitTypeId, query.visitTypeId),
    equalsIfGiven(settlements.payStatus, query.payStatus),
    equalsIfGiven(settlements.auditStatus, query.auditStatus),
    equalsIfGiven(settlements.enterprisePayStatus, query.enterprisePayStatus),
    equalsIfGiven(settlements.voucherStatus, query.voucherStatus),
    query.settlementSn ? contains(settlements.settlementSn, query.settlementSn) : undefined,
    query.projectName
      ? inArray(
          settlements.projectId,
          sql`(select ${projects.id} from ${projects} where ${contains(projects.projectName, query.projectName)})`,
        )
      : undefined,
    at(query.startTime) ? gte(settlements.createdAt, query.startTime as Date) : undefined,
    at(query.endTime) ? lte(settlements.createdAt, query.endTime as Date) : undefined,
    at(query.platformStartTime) ? gte(settlements.settlementTime, query.platformStartTime as Date) : undefined,
    at(query.platformEndTime) ? lte(settlements.settlementTime, query.platformEndTime as Date) : undefined,
  );
}

async function pageOfSettlements(
  db: DbOrTx,
  query: { pageNo: number; pageSize: number },
  where: SQL | undefined,
  orderBy: Array<[(typeof ORDER_COLUMNS)[keyof typeof ORDER_COLUMNS] | typeof settlements.id, 'asc' | 'desc']>,
  follows: readonly PgTable[] = [settlements],
): Promise<Page<SettlementRecord>> {
  const page = await paged(db, query, {
    cacheAs: 'settlements',
    from: settlements,
    where,
    key: settlements.id,
    orderBy,
    totalFollows: follows,
    rows: (frame) =>
      db
        .select({ ...joinedColumns, ...frame.columns })
        .from(settlements)
        .innerJoin(projects, eq(projects.id, settlements.projectId))
        .innerJoin(enterprises, eq(enterprises.id, settlements.enterpriseId))
        .innerJoin(tenants, eq(tenants.id, settlements.tenantId))
        .leftJoin(dictItems, and(eq(dictItems.dictCode, DICT_CODES.bankType), eq(dictItems.value, settlements.bankNo)))
        .leftJoinLateral(lineFigures, sql`true`)
        .where(inArray(settlements.id, frame.keys))
        .orderBy(...frame.orderBy),
    toRecord: (row): Joined => row,
  });
  return { ...page, records: page.records.map(toRecord) };
}

/** GET getSettlementPage: the list with the filters' amount total, sorted by orderField/orderSort. */
export async function listSettlements(db: DbOrTx, principal: Principal, query: Input<typeof settlementPageOperation>) {
  const where = listWhere(principal, query);
  const direction = query.orderSort === 0 ? 'asc' : 'desc';
  const orderBy: Parameters<typeof pageOfSettlements>[3] = query.orderField
    ? [
        [ORDER_COLUMNS[query.orderField], direction],
        [settlements.id, direction],
      ]
    : [[settlements.id, 'desc']];
  // what the filters read: a project renamed changes what the project-name filter keeps
  const follows = query.projectName ? [settlements, projects] : [settlements];
  // the amount total of every row in scope: summed once per write, not once per request (paging.ts);
  // asked with the page, so both statements leave in one write
  const [page, totalFen] = await Promise.all([
    pageOfSettlements(db, query, where, orderBy, follows),
    followedSum(db, { cacheAs: 'settlements', from: settlements, where, column: settlements.amountFen, follows }),
  ]);
  return { ...page, totalAmount: fenToYuan(totalFen) };
}

/** GET applySettlementList: the enterprise-settlement variant (by id, enterprise, number, project, pay status). */
export function listApplySettlements(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof applySettlementListOperation>,
) {
  return pageOfSettlements(
    db,
    query,
    and(
      scopeOf(principal),
      equalsIfGiven(settlements.id, query.id),
      equalsIfGiven(settlements.enterpriseId, query.enterpriseId),
      equalsIfGiven(settlements.projectId, query.projectId),
      equalsIfGiven(settlements.payStatus, query.payStatus),
      query.settlementSn ? contains(settlements.settlementSn, query.settlementSn) : undefined,
    ),
    [[settlements.id, 'desc']],
  );
}

/** GET getAuditSettlementPage: what waits for the platform's audit, oldest first. */
export function listAuditQueue(db: DbOrTx, principal: Principal, query: Input<typeof auditSettlementPageOperation>) {
  return pageOfSettlements(
    db,
    query,
    and(
      scopeOf(principal),
      eq(settlements.auditStatus, 1),
      equalsIfGiven(settlements.id, query.id),
      equalsIfGiven(settlements.enterpriseId, query.enterpriseId),
      equalsIfGiven(settlements.projectId, query.projectId),
      query.settlementSn ? contains(settlements.settlementSn, query.settlementSn) : undefined,
    ),
    [[settlements.id, 'asc']],
  );
}

async function joinedOne(db: DbOrTx, principal: Principal, where: SQL): Promise<Joined> {
  const [row] = await selectJoined(db).where(and(scopeOf(principal), where));
  if (!row) throw fail.notFound(SETTLEMENT_MSG.notFound);
  return row;
}

export async function settlementRecordOf(db: DbOrTx, principal: Principal, id: number): Promise<SettlementRecord> {
  const row = await joinedOne(db, principal, eq(settlements.id, id));
  return toRecord(row);
}

/** GET getSettlementDetail by id or number. */
export async function settlementDetail(
  db: DbOrTx,
  principal: Principal,
  input: { settlementId?: number; settlementSn?: string },
): Promise<SettlementDetail> {
  const row = await joinedOne(
    db,
    principal,
    input.settlementId !== undefined
      ? eq(settlements.id, input.settlementId)
      : eq(settlements.settlementSn, input.settlementSn ?? ''),
  );
  const s = row.settlement;
  const figures = figuresOf(row);
  const [paid] = await db
    .select({ finishedAt: settlementTransfers.finishedAt })
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.settlementId, s.id),
        eq(settlementTransfers.kind, 'S'),
        eq(settlementTransfers.status, 'success'),
      ),
    );
  const pending = s.auditStatus === 2 && s.payStatus !== 2;
  return {
    ...toRecord(row),
    pendingPersonNum: pending ? (figures?.unpaid ?? s.totalPersonNum) : 0,
    pendingAmount: fenToYuan(pending ? (figures?.unpaidFen ?? s.amountFen) : 0),
    pendingTaskNum: pending ? (figures?.unpaidTasks ?? s.totalTask) : 0,
    platformFee: fenToYuan(s.amountFen - s.feeFen),
    attachmentCount: await attachmentCountOf(db, s.id),
    payTime: epoch(paid?.finishedAt),
    payPhone: maskPhone(s.payPhone),
  };
}

type LineRow = {
  line: typeof settlementLines.$inferSelect;
  name: string;
  phone: string;
  idCard: string | null;
  settlementSn: string;
  projectId: number;
};

function toLine(row: LineRow, payProcessed: boolean): SettlementLine {
  const l = row.line;
  return {
    id: l.id,
    settlementId: l.settlementId,
    settlementSn: row.settlementSn,
    projectId: row.projectId,
    userId: l.personId,
    userName: row.name,
    phone: maskPhone(row.phone),
    idCard: maskIdCard(row.idCard ?? ''),
    accountNo: maskBankCard(l.accountNo),
    bankName: l.bankName,
    amount: fenToYuan(l.payFen),
    fee: fenToYuan(l.feeFen),
    subOrderNum: l.subOrderNum,
    totalTask: l.totalTask,
    isSuccess: l.isSuccess,
    thirdResponseMsg: l.failureMsg,
    thirdPayStatus: l.thirdPayStatus,
    payStatus: l.payStatus,
    payStatusLabel: statusLabel(SETTLEMENT_RECORD_PAY_STATUS, l.payStatus),
    payTime: epoch(l.payTime),
    payProcessed: payProcessed ? 1 : 0,
    remarks: l.failureMsg,
    updateTime: l.updatedAt.getTime(),
    totalTaxAmount: fenToYuan(l.totalTaxFen),
    individualIncomeTax: fenToYuan(l.incomeTaxFen),
    valueAddedTax: fenToYuan(l.valueAddedTaxFen),
    surchargeTax: fenToYuan(l.surchargeTaxFen),
    receivedAmount: fenToYuan(l.receivedFen),
  };
}

const lineColumns = {
  line: settlementLines,
  name: persons.name,
  phone: persons.phone,
  idCard: persons.idCard,
  settlementSn: settlements.settlementSn,
  projectId: settlements.projectId,
};

const selectLines = (db: DbOrTx) =>
  db
    .select(lineColumns)
    .from(settlementLines)
    .innerJoin(persons, eq(persons.id, settlementLines.personId))
    .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId));

async function processedLineIds(db: DbOrTx, lineIds: number[]): Promise<Set<number>> {
  if (lineIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ lineId: settlementTransfers.lineId })
    .from(settlementTransfers)
    .where(inArray(settlementTransfers.lineId, lineIds));
  return new Set(rows.map((row) => row.lineId as number));
}

const lineScope = (principal: Principal) =>
  enterpriseScope(principal, settlementLines.tenantId, settlementLines.enterpriseId);

/** GET confirmSettlementDetailList: every line of the settlement. */
export async function settlementLinesOf(db: DbOrTx, principal: Principal, settlementId: number) {
  await joinedOne(db, principal, eq(settlements.id, settlementId));
  const rows = await selectLines(db)
    .where(and(lineScope(principal), eq(settlementLines.settlementId, settlementId)))
    .orderBy(asc(settlementLines.id));
  const processed = await processedLineIds(
    db,
    rows.map((row) => row.line.id),
  );
  return rows.map((row) => toLine(row, processed.has(row.line.id)));
}

/** One line as the records show it. */
export async function settlementLineOf(db: DbOrTx, principal: Principal, lineId: number): Promise<SettlementLine> {
  const [row] = await selectLines(db).where(and(lineScope(principal), eq(settlementLines.id, lineId)));
  if (!row) throw fail.notFound(SETTLEMENT_MSG.lineNotFound);
  return toLine(row, (await processedLineIds(db, [lineId])).has(lineId));
}

/** GET getSettlementRecordPage: the lines, paged, by settlement, person, name, status and the settlement's paying bank. */
export async function listSettlementRecords(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof settlementRecordsOperation>,
): Promise<Page<SettlementLine>> {
  const where = and(
    lineScope(principal),
    equalsIfGiven(settlementLines.settlementId, query.settlementId),
    query.settlementSn
      ? inArray(
          settlementLines.settlementId,
          sql`(select ${settlements.id} from ${settlements} where ${settlements.settlementSn} = ${query.settlementSn})`,
        )
      : undefined,
    equalsIfGiven(settlementLines.personId, query.userId),
    equalsIfGiven(settlementLines.payStatus, query.payStatus),
    query.bankNo
      ? inArray(
          settlementLines.settlementId,
          sql`(select ${settlements.id} from ${settlements} where ${settlements.bankNo} = ${query.bankNo})`,
        )
      : undefined,
    query.userName
      ? inArray(
          settlementLines.personId,
          sql`(select ${persons.id} from ${persons} where ${contains(persons.name, query.userName)})`,
        )
      : undefined,
  );
  const page = await paged(db, query, {
    from: settlementLines,
    where,
    key: settlementLines.id,
    orderBy: [[settlementLines.id, 'asc']],
    rows: (frame) =>
      db
        .select({ ...lineColumns, ...frame.columns })
        .from(settlementLines)
        .innerJoin(persons, eq(persons.id, settlementLines.personId))
        .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
        .where(inArray(settlementLines.id, frame.keys))
        .orderBy(...frame.orderBy),
    toRecord: (row): LineRow => row,
  });
  const processed = await processedLineIds(
    db,
    page.records.map((row) => row.line.id),
  );
  return { ...page, records: page.records.map((row) => toLine(row, processed.has(row.line.id))) };
}

async function ownLine(db: DbOrTx, principal: Principal, lineId: number) {
  const [line] = await db
    .select()
    .from(settlementLines)
    .where(and(lineScope(principal), eq(settlementLines.id, lineId)));
  if (!line) throw fail.notFound(SETTLEMENT_MSG.lineNotFound);
  return line;
}

/** GET getSettlementProcess: each instruction of a line sent through the bank `bankNo`, newest first. */
export async function settlementProcess(db: DbOrTx, principal: Principal, lineId: number, bankNo: string) {
  const line = await ownLine(db, principal, lineId);
  const rows = await db
    .select()
    .from(settlementTransfers)
    .where(
      and(
        eq(settlementTransfers.lineId, line.id),
        eq(settlementTransfers.kind, 'P'),
        eq(settlementTransfers.bankNo, bankNo),
      ),
    )
    .orderBy(desc(settlementTransfers.attempt));
  return rows.map((row) => {
    const payStatus = row.status === 'success' ? '1' : row.status === 'failed' ? '2' : '0';
    return {
      id: row.id,
      yurref: row.yurref,
      payTime: (row.finishedAt ?? row.sentAt ?? row.createdAt).getTime(),
      payStatus,
      payStatusLabel: settlementProcessStatus(payStatus).label,
      bankName: row.bankName,
      bankNo: row.bankNo,
      accountNo: maskBankCard(row.payeeAccountNo),
      msg: row.failureReason,
    };
  });
}

/** GET getReissueInfo: who and what a re-issue pays. */
export async function reissueInfo(db: DbOrTx, principal: Principal, lineId: number) {
  const line = await ownLine(db, principal, lineId);
  const [person] = await db.select({ name: persons.name }).from(persons).where(eq(persons.id, line.personId));
  return {
    userName: person?.name ?? line.accountName,
    bankName: line.bankName,
    bankCard: maskBankCard(line.accountNo),
    amount: fenToYuan(line.receivedFen),
  };
}

/** GET getSettlementTimeline: the settlement's events, oldest first. */
export async function settlementTimeline(db: DbOrTx, principal: Principal, settlementId: number) {
  await joinedOne(db, principal, eq(settlements.id, settlementId));
  const rows = await db
    .select()
    .from(settlementEvents)
    .where(
      and(
        enterpriseScope(principal, settlementEvents.tenantId, settlementEvents.enterpriseId),
        eq(settlementEvents.settlementId, settlementId),
      ),
    )
    .orderBy(asc(settlementEvents.createdAt), asc(settlementEvents.id));
  return rows.map((row) => ({
    time: row.createdAt.getTime(),
    title: row.title,
    operator: row.operator,
    content: row.content,
  }));
}

/** GET getPersonSettlementPage: a person's paid lines (isPay 1) or all of them. */
export async function listPersonSettlements(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof personSettlementPageOperation>,
) {
  const where = and(
    lineScope(principal),
    eq(settlementLines.personId, query.userId),
    query.isPay === 1 ? eq(settlementLines.payStatus, 1) : undefined,
  );
  const page = await paged(db, query, {
    from: settlementLines,
    where,
    key: settlementLines.id,
    orderBy: [[settlementLines.id, 'desc']],
    rows: (frame) =>
      db
        .select({
          line: settlementLines,
          settlementId: settlements.id,
          visitTypeId: settlements.visitTypeId,
          projectName: projects.projectName,
          enterpriseName: enterprises.name,
          ...frame.columns,
        })
        .from(settlementLines)
        .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
        .innerJoin(projects, eq(projects.id, settlements.projectId))
        .innerJoin(enterprises, eq(enterprises.id, settlements.enterpriseId))
        .where(inArray(settlementLines.id, frame.keys))
        .orderBy(...frame.orderBy),
    toRecord: (row) => ({
      id: row.line.id,
      settlementId: row.settlementId,
      subSettlementSn: row.line.subOrderNum,
      enterpriseName: row.enterpriseName,
      projectName: row.projectName,
      visitTypeValue: TASK_TYPES[row.visitTypeId as TaskTypeId] ?? row.visitTypeId,
      amount: fenToYuan(row.line.receivedFen),
      payTime: epoch(row.line.payTime),
      payStatus: row.line.payStatus,
    }),
  });
  return page;
}

/** GET taxLimitEnterpriseProgress: each person's settled pay this month with the enterprise, against the limit. */
export async function taxLimitProgress(
  db: DbOrTx,
  principal: Principal,
  input: Input<typeof taxLimitProgressOperation>,
  now = new Date(),
) {
  const enterpriseId = principal.side === 'enterprise' ? principal.enterpriseId : input.enterpriseId;
  const monthStart = chinaMonthStart(now);
  const month = chinaMonth(monthStart);
  if (!enterpriseId) return { month, records: [] };
  const rows = await db
    .select({
      userId: settlementLines.personId,
      userName: persons.name,
      usedFen: sql<string>`sum(${settlementLines.payFen})`,
      limitFen: sql<string>`min(coalesce(${taxSources.monthlyLimitFen}, ${DEFAULT_MONTHLY_LIMIT_FEN}))`,
    })
    .from(settlementLines)
    .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
    .innerJoin(persons, eq(persons.id, settlementLines.personId))
    .innerJoin(projects, eq(projects.id, settlements.projectId))
    .leftJoin(taxSources, eq(taxSources.id, projects.taxId))
    .where(
      and(
        lineScope(principal),
        eq(settlementLines.enterpriseId, enterpriseId),
        equalsIfGiven(settlements.projectId, input.projectId),
        eq(settlementLines.isSuccess, 1),
        inArray(settlements.auditStatus, [1, 2]),
        gte(settlements.createdAt, monthStart),
      ),
    )
    .groupBy(settlementLines.personId, persons.name)
    .orderBy(asc(settlementLines.personId))
    .limit(500);
  return {
    month,
    records: rows.map((row) => {
      const used = Number(row.usedFen);
      const limit = Number(row.limitFen);
      return {
        userId: row.userId,
        userName: row.userName,
        used: fenToYuan(used),
        limit: fenToYuan(limit),
        percent: limit > 0 ? Math.min(100, Math.round((used / limit) * 10000) / 100) : 0,
      };
    }),
  };
}

/**
 * The project summary's settlement block (spec 1 §2, spec 2 §3): the project's live settlements
 * (pending or approved; refused and withdrawn ones settle nothing), their persons, tasks and amount.
 */
export async function projectSettlementFigures(db: DbOrTx, project: { tenantId: number; id: number }) {
  const live = and(
    eq(settlements.tenantId, project.tenantId),
    eq(settlements.projectId, project.id),
    inArray(settlements.auditStatus, [1, 2]),
  );
  const [totals] = await db
    .select({
      settlementNum: sql<number>`count(*)::int`,
      totalTask: sql<number>`coalesce(sum(${settlements.totalTask}), 0)::int`,
      amountFen: sql<string>`coalesce(sum(${settlements.amountFen}), 0)`,
    })
    .from(settlements)
    .where(live);
  const [people] = await db
    .select({ personNum: sql<number>`count(distinct ${settlementLines.personId})::int` })
    .from(settlementLines)
    .innerJoin(settlements, eq(settlements.id, settlementLines.settlementId))
    .where(live);
  return {
    amount: fenToYuan(Number(totals.amountFen)),
    personNum: people.personNum,
    settlementNum: totals.settlementNum,
    totalTask: totals.totalTask,
  };
}

/** What a person was paid out on a project's settlements, fen: a scalar subquery (null when nothing). */
export const paidOutOnProject = (tenantId: SQL | Column, projectId: SQL | Column, personId: SQL | Column): SQL =>
  sql`(select sum(${settlementLines.receivedFen})
       from ${settlementLines} join ${settlements} on ${settlements.id} = ${settlementLines.settlementId}
       where ${settlementLines.tenantId} = ${tenantId} and ${settlements.projectId} = ${projectId}
         and ${settlementLines.payStatus} = 1 and ${settlementLines.personId} = ${personId})`;
