/**
 * Tax vouchers (decision 0032): the tenant withholds its persons' taxes on an enterprise's payouts
 * (settlements of a tax source with taxModel 1); once it has paid them to the tax office it uploads,
 * per enterprise and month (the tax period), the 完税凭证 images, the stamped 完税明细报告 and the
 * 缴税清单 file. The amount is what the server sums from the payouts of that month, never typed;
 * saving a period again replaces its files and brings the amount up to date. The enterprise reads
 * its own vouchers and the settlements behind them.
 */
import {
  DOCUMENT_EXTENSIONS,
  fenToYuan,
  IMAGE_EXTENSIONS,
  LINE_PAY_STATUS,
  type Page,
  TASK_TYPES,
  TAX_VOUCHER_MSG,
  TAX_VOUCHER_UPLOAD_PATH,
  type TaskTypeId,
  type TaxPeriodSummary,
  type TaxVoucherFile,
  type TaxVoucherRecord,
  type TaxVoucherSettlement,
  type taxPeriodSummaryOperation,
  type taxVoucherListOperation,
  type taxVoucherSaveOperation,
  type taxVoucherSettlementsOperation,
} from '@fieldpay/domain';
import { and, desc, eq, gt, gte, ilike, inArray, lt, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, equalsIfGiven, isPlatformOperator } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { enterprises, files, projects, settlementLines, settlements, taxVouchers, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaMonth, chinaMonthBounds } from '../../platform/china-time';
import { addressOf } from '../../platform/files/links';
import { escapeLike } from '../../platform/lookups/query';
import { createNotice, enterpriseMemberIds } from '../../platform/notices/service';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { enterpriseInScope } from '../enterprises/service';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;
type VoucherRow = typeof taxVouchers.$inferSelect;

const voucherScope = (viewer: Principal, tenantId?: number) =>
  enterpriseScope(viewer, taxVouchers.tenantId, taxVouchers.enterpriseId, tenantId);

/** Where a voucher's notice leads: the list, the newest period first. */
const TAX_VOUCHER_LIST_LINK = '/invoice/tax/voucherList';

/**
 * The payouts of an enterprise in a tax period that had taxes withheld, up to `until`: a voucher
 * covers those paid out by its last save (its amount and its settlements say the same).
 */
const withheldIn = (tenantId: number, enterpriseId: number, taxPeriod: string, until: Date) => {
  const { start, end } = chinaMonthBounds(taxPeriod);
  return and(
    eq(settlementLines.tenantId, tenantId),
    eq(settlementLines.enterpriseId, enterpriseId),
    eq(settlementLines.payStatus, LINE_PAY_STATUS.success),
    gt(settlementLines.totalTaxFen, 0),
    gte(settlementLines.payTime, start),
    lt(settlementLines.payTime, end),
    lte(settlementLines.payTime, until),
  );
};

/** The taxes withheld on an enterprise's payouts of a period, and the settlements they belong to. */
async function withheldTaxes(db: DbOrTx, tenantId: number, enterpriseId: number, taxPeriod: string, until: Date) {
  const [row] = await db
    .select({
      taxFen: sql<number>`coalesce(sum(${settlementLines.totalTaxFen}), 0)::bigint`.mapWith(Number),
      settlementNum: sql<number>`count(distinct ${settlementLines.settlementId})::int`,
    })
    .from(settlementLines)
    .where(withheldIn(tenantId, enterpriseId, taxPeriod, until));
  return { taxFen: row?.taxFen ?? 0, settlementNum: row?.settlementNum ?? 0 };
}

// ---- records

type FileOfVoucher = TaxVoucherFile & { tenantId: number };

/** The files the vouchers name, by id (deleted files are left out). */
async function filesOf(db: DbOrTx, rows: VoucherRow[]): Promise<Map<number, FileOfVoucher>> {
  const ids = [...new Set(rows.flatMap((row) => [...row.voucherFileIds, ...row.reportFileIds, row.taxListFileId]))];
  if (ids.length === 0) return new Map();
  const found = await db
    .select({
      id: files.id,
      tenantId: files.tenantId,
      fileKey: files.fileKey,
      fileName: files.fileName,
      extension: files.extension,
    })
    .from(files)
    .where(
      and(
        inArray(files.tenantId, [...new Set(rows.map((row) => row.tenantId))]),
        inArray(files.id, ids),
        eq(files.delFlag, 0),
      ),
    );
  return new Map(
    found.map((file) => [
      file.id,
      {
        id: file.id,
        tenantId: file.tenantId,
        name: file.fileName,
        address: addressOf({ tenantId: file.tenantId, fileKey: file.fileKey }),
        fileType: file.extension,
      },
    ]),
  );
}

function recordOf(
  row: VoucherRow,
  names: { enterpriseName: string; tenantName: string },
  found: Map<number, FileOfVoucher>,
): TaxVoucherRecord {
  const pick = (id: number): TaxVoucherFile | null => {
    const file = found.get(id);
    return file && file.tenantId === row.tenantId
      ? { id: file.id, name: file.name, address: file.address, fileType: file.fileType }
      : null;
  };
  const all = (ids: number[]) => ids.map(pick).filter((file): file is TaxVoucherFile => file !== null);
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: names.tenantName,
    enterpriseId: row.enterpriseId,
    enterpriseName: names.enterpriseName,
    taxPeriod: row.taxPeriod,
    paidTaxAmount: fenToYuan(row.paidTaxFen),
    settlementNum: row.settlementNum,
    account: row.account,
    realName: row.realName,
    createTime: row.createdAt.getTime(),
    updateTime: row.updatedAt.getTime(),
    voucherImages: all(row.voucherFileIds),
    reportImages: all(row.reportFileIds),
    taxListFile: pick(row.taxListFileId),
  };
}

const named = {
  enterpriseName: enterprises.name,
  tenantName: tenants.name,
};

async function recordsOf(
  db: DbOrTx,
  rows: Array<{ voucher: VoucherRow; enterpriseName: string; tenantName: string }>,
): Promise<TaxVoucherRecord[]> {
  const found = await filesOf(
    db,
    rows.map((row) => row.voucher),
  );
  return rows.map((row) => recordOf(row.voucher, row, found));
}

async function voucherIn(db: DbOrTx, principal: Principal, id: number) {
  const [row] = await db
    .select({ voucher: taxVouchers, ...named })
    .from(taxVouchers)
    .innerJoin(enterprises, eq(enterprises.id, taxVouchers.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, taxVouchers.tenantId))
    .where(and(voucherScope(principal), eq(taxVouchers.id, id)));
  if (!row) throw fail.notFound(TAX_VOUCHER_MSG.notFound);
  return row;
}

/** The voucher an enterprise saved for a tax period, with its names; undefined before the first save. */
async function periodVoucher(db: DbOrTx, company: { tenantId: number; id: number }, taxPeriod: string) {
  const [row] = await db
    .select({ voucher: taxVouchers, ...named })
    .from(taxVouchers)
    .innerJoin(enterprises, eq(enterprises.id, taxVouchers.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, taxVouchers.tenantId))
    .where(
      and(
        eq(taxVouchers.tenantId, company.tenantId),
        eq(taxVouchers.enterpriseId, company.id),
        eq(taxVouchers.taxPeriod, taxPeriod),
      ),
    );
  return row;
}

// ---- calls

/** GET list: the vouchers in scope, the latest tax period first. */
export async function listTaxVouchers(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof taxVoucherListOperation>,
): Promise<Page<TaxVoucherRecord>> {
  const where = and(
    voucherScope(principal, query.tenantId),
    equalsIfGiven(taxVouchers.enterpriseId, query.enterpriseId),
    query.name
      ? sql`exists (select 1 from ${enterprises} where ${enterprises.id} = ${taxVouchers.enterpriseId} and ${ilike(enterprises.name, `%${escapeLike(query.name)}%`)})`
      : undefined,
    // a period is kept when its month overlaps the range
    query.startTime ? gte(taxVouchers.taxPeriod, chinaMonth(query.startTime)) : undefined,
    query.endTime ? lte(taxVouchers.taxPeriod, chinaMonth(query.endTime)) : undefined,
    query.userId === undefined ? undefined : coversPerson(query.userId),
  );
  const page = await paged(db, query, {
    from: taxVouchers,
    where,
    key: taxVouchers.id,
    orderBy: [
      [taxVouchers.taxPeriod, 'desc'],
      [taxVouchers.id, 'desc'],
    ],
    rows: (frame) =>
      db
        .select({ voucher: taxVouchers, ...named, ...frame.columns })
        .from(taxVouchers)
        .innerJoin(enterprises, eq(enterprises.id, taxVouchers.enterpriseId))
        .innerJoin(tenants, eq(tenants.id, taxVouchers.tenantId))
        .where(inArray(taxVouchers.id, frame.keys))
        .orderBy(...frame.orderBy),
    toRecord: (row) => ({ voucher: row.voucher, enterpriseName: row.enterpriseName, tenantName: row.tenantName }),
  });
  return { ...page, records: await recordsOf(db, page.records) };
}

/** The voucher covers a payout to the person: a withheld line of its enterprise and period paid by its last save. */
const coversPerson = (personId: number) =>
  sql`exists (select 1 from ${settlementLines}
    where ${settlementLines.tenantId} = ${taxVouchers.tenantId}
      and ${settlementLines.enterpriseId} = ${taxVouchers.enterpriseId}
      and ${settlementLines.personId} = ${personId}
      and ${settlementLines.payStatus} = ${LINE_PAY_STATUS.success}
      and ${settlementLines.totalTaxFen} > 0
      and to_char(${settlementLines.payTime} at time zone 'Asia/Shanghai', 'YYYY-MM') = ${taxVouchers.taxPeriod}
      and ${settlementLines.payTime} <= ${taxVouchers.updatedAt})`;

/** GET queryById: one voucher with its files. */
export async function taxVoucherDetail(db: DbOrTx, principal: Principal, id: number): Promise<TaxVoucherRecord> {
  const [record] = await recordsOf(db, [await voucherIn(db, principal, id)]);
  return record;
}

/** GET settlementList: the settlements whose payouts of the voucher's period had taxes withheld. */
export async function taxVoucherSettlements(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof taxVoucherSettlementsOperation>,
): Promise<Page<TaxVoucherSettlement>> {
  const { voucher } = await voucherIn(db, principal, query.id);
  const inPeriod = withheldIn(voucher.tenantId, voucher.enterpriseId, voucher.taxPeriod, voucher.updatedAt);
  const lastPayout = sql<Date>`max(${settlementLines.payTime})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: settlements.id,
        settlementSn: settlements.settlementSn,
        projectName: projects.projectName,
        visitTypeId: settlements.visitTypeId,
        amountFen: settlements.amountFen,
        taxFen: sql<number>`sum(${settlementLines.totalTaxFen})::bigint`.mapWith(Number),
        personNum: sql<number>`count(*)::int`,
        payTime: lastPayout,
      })
      .from(settlementLines)
      .innerJoin(
        settlements,
        and(eq(settlements.tenantId, settlementLines.tenantId), eq(settlements.id, settlementLines.settlementId)),
      )
      .innerJoin(projects, eq(projects.id, settlements.projectId))
      .where(inPeriod)
      .groupBy(settlements.id, projects.projectName)
      .orderBy(desc(lastPayout), desc(settlements.id))
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(distinct ${settlementLines.settlementId})::int` })
      .from(settlementLines)
      .where(inPeriod),
  ]);
  return {
    total: count?.total ?? 0,
    records: rows.map((row) => ({
      id: row.id,
      settlementSn: row.settlementSn,
      projectName: row.projectName,
      visitTypeValue: TASK_TYPES[row.visitTypeId as TaskTypeId] ?? row.visitTypeId,
      amount: fenToYuan(row.amountFen),
      taxAmount: fenToYuan(row.taxFen),
      personNum: row.personNum,
      payTime: new Date(row.payTime).getTime(),
    })),
  };
}

/** GET period: what the enterprise's period holds before the upload page saves it. */
export async function taxPeriodSummary(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof taxPeriodSummaryOperation>,
): Promise<TaxPeriodSummary> {
  const company = await enterpriseInScope(db, principal, query.enterpriseId as number, query.tenantId);
  const withheld = await withheldTaxes(db, company.tenantId, company.id, query.taxPeriod, new Date());
  const saved = await periodVoucher(db, company, query.taxPeriod);
  return {
    paidTaxAmount: fenToYuan(withheld.taxFen),
    settlementNum: withheld.settlementNum,
    voucher: saved ? (await recordsOf(db, [saved]))[0] : null,
  };
}

/**
 * The uploaded files a save names: each must be an upload of the voucher's tenant under the
 * voucher's folder, of the kind its field takes, not yet another voucher's (or this voucher's).
 */
async function filesFor(
  services: Services,
  owner: { tenantId: number; enterpriseId: number; voucherId: number | null },
  addresses: string[],
  extensions: readonly string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const address of new Set(addresses)) {
    const file = await services.files.findByAddress(address);
    if (
      file?.delFlag !== 0 ||
      file.tenantId !== owner.tenantId ||
      file.uploadPath !== TAX_VOUCHER_UPLOAD_PATH ||
      !extensions.includes(file.extension) ||
      (file.bizId !== '' && file.bizId !== String(owner.voucherId)) ||
      (file.enterpriseId !== null && file.enterpriseId !== owner.enterpriseId)
    )
      throw fail.validation(TAX_VOUCHER_MSG.fileNotYours);
    ids.push(file.id);
  }
  return ids;
}

/**
 * POST save: 上传完税凭证. One voucher per enterprise and period: saving a period that has one
 * replaces its files (under a lock on the enterprise's row, so two saves of a new period make one).
 * The tenant that withheld the taxes uploads; the platform operator reads them.
 */
export async function saveTaxVoucher(
  services: Services,
  principal: Principal,
  body: Input<typeof taxVoucherSaveOperation>,
  actor: AuditActor,
  now = new Date(),
): Promise<{ id: number }> {
  const { db } = services.ctx;
  if (principal.side !== 'platform') throw fail.forbidden();
  if (isPlatformOperator(principal)) throw fail.rule(TAX_VOUCHER_MSG.uploadedByTenant);
  if (body.taxPeriod > chinaMonth(now)) throw fail.validation(TAX_VOUCHER_MSG.taxPeriodInFuture);
  const company = await enterpriseInScope(db, principal, body.enterpriseId as number, body.tenantId);
  // saves of the same enterprise wait for each other: the period's row is made once
  await db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.id, company.id)).for('update');
  const existing = (await periodVoucher(db, company, body.taxPeriod))?.voucher;
  if (body.id !== undefined && existing?.id !== body.id) throw fail.notFound(TAX_VOUCHER_MSG.notFound);
  const withheld = await withheldTaxes(db, company.tenantId, company.id, body.taxPeriod, now);
  if (withheld.taxFen <= 0) throw fail.rule(TAX_VOUCHER_MSG.noWithheldTax);

  const owner = { tenantId: company.tenantId, enterpriseId: company.id, voucherId: existing?.id ?? null };
  const voucherFileIds = await filesFor(services, owner, body.voucherImages, IMAGE_EXTENSIONS);
  const reportFileIds = await filesFor(services, owner, body.reportImages, IMAGE_EXTENSIONS);
  const [taxListFileId] = await filesFor(services, owner, [body.taxListFile], DOCUMENT_EXTENSIONS);
  const values = {
    paidTaxFen: withheld.taxFen,
    settlementNum: withheld.settlementNum,
    voucherFileIds,
    reportFileIds,
    taxListFileId,
    uploadedBy: actor.userId,
    account: principal.username.slice(0, 64),
    realName: actor.name.slice(0, 64),
    updatedAt: now,
  };
  const [saved] = existing
    ? await db.update(taxVouchers).set(values).where(eq(taxVouchers.id, existing.id)).returning()
    : await db
        .insert(taxVouchers)
        .values({
          ...values,
          tenantId: company.tenantId,
          enterpriseId: company.id,
          taxPeriod: body.taxPeriod,
          createdAt: now,
        })
        .returning();
  // the staff's uploads become the enterprise's documents, bound to this voucher
  await db
    .update(files)
    .set({ enterpriseId: company.id, bizId: String(saved.id) })
    .where(
      and(
        eq(files.tenantId, company.tenantId),
        inArray(files.id, [...voucherFileIds, ...reportFileIds, taxListFileId]),
      ),
    );
  await writeAudit(db, actor, {
    action: existing ? 'taxVoucher.replace' : 'taxVoucher.upload',
    targetType: 'taxVoucher',
    targetId: saved.id,
    before: existing
      ? {
          paidTaxFen: existing.paidTaxFen,
          voucherFileIds: existing.voucherFileIds,
          reportFileIds: existing.reportFileIds,
          taxListFileId: existing.taxListFileId,
        }
      : null,
    after: { enterpriseId: company.id, taxPeriod: body.taxPeriod, ...values, updatedAt: undefined },
  });
  await createNotice(db, {
    tenantId: company.tenantId,
    userIds: await enterpriseMemberIds(db, company.tenantId, company.id),
    type: 'settlement',
    title: '完税凭证已上传',
    content: `${body.taxPeriod}的完税凭证（已缴税额${fenToYuan(withheld.taxFen)}元）已${existing ? '更新' : '上传'}，可在完税凭证列表查看。`,
    bizId: saved.id,
    link: TAX_VOUCHER_LIST_LINK,
    createdAt: now,
  });
  return { id: saved.id };
}
