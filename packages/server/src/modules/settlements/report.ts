/**
 * The settlement report (结算报告, spec 2 §2.5, §7; decision 0026). Every figure comes from the
 * tasks the settlement settles (settlement_tasks not released), read in the request's scope behind
 * the same wall as the settlement: a settlement the viewer cannot see answers 404.
 *
 * The report itself (`settlement_reports`): made at the first look at a settlement that is paid out
 * and has its reconciliation statement (the row rule that shows 生成报告), with its number made
 * then and never again; the PDF is rendered by the job `settlements.report` outside any transaction
 * and recorded under the report's row lock when the version it rendered is still the current one.
 * 重新生成报告单 saves the enterprise's report files (PDFs, 其他构成), raises the version and sends
 * the job again. 下载 files the PDF in the download cache through the export centre (a document
 * export), where the user fetches it.
 */
import crypto from 'node:crypto';
import {
  CHOICE_SUBJECT_TYPES,
  DOWNLOAD_TYPES,
  fenToYuan,
  maskPhone,
  PROJECT_STATUS,
  REPORT_MSG,
  REPORT_PRODUCT_NAME,
  REPORT_QUESTIONNAIRE_TYPE,
  REPORT_SUPPORT_LINES,
  REPORT_TAGLINE,
  REPORT_UPLOAD,
  type ReportFile,
  type ReportOverview,
  type ReportQuestionGroup,
  reportDownloadOperation,
  reportOverviewOperation,
  reportPersonPageOperation,
  reportProductPageOperation,
  reportQuestionCountOperation,
  reportRegenerateOperation,
  reportServiceTypeName,
  reportTaskPageOperation,
  reportTaskTypeOperation,
  reportVisitTypeId,
  SETTLEMENT_MSG,
  statusLabel,
  SURVEY_SUBJECT_TYPES,
  type SurveySubjectType,
  TASK_AUDIT_STATUS,
  TASK_STATUS,
  TASK_TYPES,
  type TaskTypeId,
} from '@fieldpay/domain';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, type Viewer } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import {
  contentItems,
  contentQuestions,
  customers,
  enterprises,
  files,
  persons,
  products,
  projects,
  projectServiceTypes,
  settlementAttachments,
  settlementReports,
  settlements,
  settlementTasks,
  tasks,
  taskSurveyAnswers,
  tenants,
} from '../../db/schema';
import { registerOperation } from '../../http/operation';
import type { Principal } from '../../platform/auth/sessions';
import { actorOf, principalOf } from '../../platform/auth/guards';
import { chinaDateTime, chinaTimestamp } from '../../platform/china-time';
import type { DocumentExportDefinition } from '../../platform/exports/definition';
import { addressOf } from '../../platform/files/links';
import type { RouteDeps } from '../../platform/modules';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { addEvent } from './moves';
import { type PdfDocumentSpec, renderPdf } from '../../platform/pdf';

export const REPORT_JOB = 'settlements.report';
/** the files row of a report PDF: its folder and record */
export const REPORT_PDF_UPLOAD_PATH = 'settlementReportPdf';

type SettlementRow = typeof settlements.$inferSelect;
type ReportRow = typeof settlementReports.$inferSelect;

/** The job's data: the report's settlement and the version to render. */
export interface ReportJobData {
  settlementId: number;
}

const settlementScope = (viewer: Viewer) => enterpriseScope(viewer, settlements.tenantId, settlements.enterpriseId);

async function visibleSettlement(db: DbOrTx, viewer: Viewer, id: number): Promise<SettlementRow> {
  const [row] = await db
    .select()
    .from(settlements)
    .where(and(settlementScope(viewer), eq(settlements.id, id)));
  if (!row) throw fail.notFound(SETTLEMENT_MSG.notFound);
  return row;
}

/** The row rule of 生成报告 (spec 2 §4): approved, paid out, the statement generated. */
export const isReportable = (row: Pick<SettlementRow, 'auditStatus' | 'payStatus' | 'voucherStatus'>) =>
  row.auditStatus === 2 && row.payStatus === 2 && row.voucherStatus === 2;

/** The tasks a settlement settles, as a condition on settlement_tasks (walled by the viewer). */
const settledTasksOf = (viewer: Viewer, settlementId: number) =>
  and(
    enterpriseScope(viewer, settlementTasks.tenantId, settlementTasks.enterpriseId),
    eq(settlementTasks.settlementId, settlementId),
    isNull(settlementTasks.releasedAt),
  );

/** The paged sections of the report (products, persons, task details) ask for one page of a settlement. */
interface ReportPageQuery {
  settlementId: number;
  pageNo: number;
  pageSize: number;
}

/** The rows of the section's page carry the number of all its rows (the window total). */
const windowTotal = sql<number>`(count(*) over ())::int`;

/**
 * The select of a paged section: its columns (and the window total) over the settled tasks
 * joined to their tasks; the section adds its own joins to it.
 */
const settledTasksSelect = <Fields extends SelectedFields>(db: DbOrTx, fields: Fields) =>
  db
    .select({ ...fields, total: windowTotal })
    .from(settlementTasks)
    .innerJoin(tasks, eq(tasks.id, settlementTasks.taskId))
    .$dynamic();

/** One paged section of the report, over the tasks of the asked settlement. */
interface ReportSection<Query extends PgSelect> {
  /** `settledTasksSelect` with the section's joins */
  select: Query;
  /** a further condition on the settled tasks */
  where?: SQL;
  groupBy?: (PgColumn | SQL)[];
  orderBy: SQL[];
  /** the number of the section's rows, counted over the settled tasks: the total of a page past the last */
  count: SQL<number>;
}

/**
 * A page of a section: the settlement must be in the viewer's sight (404 before its tasks are
 * read); the total comes with the rows, or from the section's count when the page is past the last.
 */
async function reportSectionPage<Query extends PgSelect>(
  db: DbOrTx,
  viewer: Viewer,
  query: ReportPageQuery,
  section: ReportSection<Query>,
) {
  const settlement = await visibleSettlement(db, viewer, query.settlementId);
  const settled = and(settledTasksOf(viewer, query.settlementId), section.where);
  const rows: Awaited<Query> = await section.select
    .where(settled)
    .groupBy(...(section.groupBy ?? []))
    .orderBy(...section.orderBy)
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const [first] = rows as { total: number }[];
  if (first) return { settlement, rows, total: first.total };
  const [counted] = await db
    .select({ n: section.count })
    .from(settlementTasks)
    .innerJoin(tasks, eq(tasks.id, settlementTasks.taskId))
    .where(settled);
  return { settlement, rows, total: counted?.n ?? 0 };
}

const timeText = (date: Date | null | undefined) => (date ? chinaDateTime(date) : '');

// ---- the breakdowns

/** 任务场景明细: one row per service type of the project (its description), with tasks and amount. */
export async function reportTaskTypes(db: DbOrTx, viewer: Viewer, settlementId: number) {
  await visibleSettlement(db, viewer, settlementId);
  const rows = await db
    .select({
      visitTypeId: tasks.visitTypeId,
      taskRemark: sql<string>`max(${projectServiceTypes.description})`,
      taskNum: sql<number>`count(*)::int`,
      amountFen: sql<number>`coalesce(sum(${settlementTasks.priceFen}), 0)::bigint`,
    })
    .from(settlementTasks)
    .innerJoin(tasks, eq(tasks.id, settlementTasks.taskId))
    .innerJoin(projectServiceTypes, eq(projectServiceTypes.id, tasks.serviceTypeId))
    .where(settledTasksOf(viewer, settlementId))
    .groupBy(tasks.serviceTypeId, tasks.visitTypeId)
    .orderBy(asc(tasks.visitTypeId), asc(tasks.serviceTypeId));
  return rows.map((row) => ({
    visitTypeId: row.visitTypeId,
    visitTypeValue: reportServiceTypeName(row.visitTypeId),
    taskTypeValue: TASK_TYPES[row.visitTypeId as TaskTypeId] ?? row.visitTypeId,
    taskRemark: row.taskRemark ?? '',
    taskNum: row.taskNum,
    amount: fenToYuan(Number(row.amountFen)),
  }));
}

/** 推广产品构成: tasks per product (the enterprise's product library gives 规格 and 厂家). */
export async function reportProducts(db: DbOrTx, viewer: Viewer, query: ReportPageQuery) {
  const { settlement, rows, total } = await reportSectionPage(db, viewer, query, {
    select: settledTasksSelect(db, {
      productName: tasks.productName,
      productNum: sql<number>`count(*)::int`,
      amountFen: sql<number>`coalesce(sum(${settlementTasks.priceFen}), 0)::bigint`,
    }),
    where: sql`${tasks.productName} <> ''`,
    groupBy: [tasks.productName],
    orderBy: [desc(sql`count(*)`), asc(tasks.productName)],
    count: sql<number>`count(distinct nullif(${tasks.productName}, ''))::int`,
  });
  const names = rows.map((row) => row.productName);
  const library =
    names.length === 0
      ? []
      : await db
          .select({
            productName: products.productName,
            productGuige: products.productGuige,
            productFactory: products.productFactory,
          })
          .from(products)
          .where(
            and(
              eq(products.tenantId, settlement.tenantId),
              eq(products.enterpriseId, settlement.enterpriseId),
              inArray(products.productName, names),
            ),
          )
          .orderBy(asc(products.id));
  const records = rows.map((row) => {
    const known = library.find((product) => product.productName === row.productName);
    return {
      productName: row.productName,
      productGuige: known?.productGuige ?? '',
      productFactory: known?.productFactory ?? '',
      productNum: row.productNum,
      amount: fenToYuan(Number(row.amountFen)),
    };
  });
  return { records, total };
}

/** 推广人员构成: per person, products, terminals, tasks and amount. */
export async function reportPersons(db: DbOrTx, viewer: Viewer, query: ReportPageQuery) {
  const { rows, total } = await reportSectionPage(db, viewer, query, {
    select: settledTasksSelect(db, {
      userId: persons.id,
      userName: persons.name,
      productNum: sql<number>`count(distinct nullif(${tasks.productName}, ''))::int`,
      orgNum: sql<number>`count(distinct nullif(${tasks.orgName}, ''))::int`,
      userNum: sql<number>`count(*)::int`,
      amountFen: sql<number>`coalesce(sum(${settlementTasks.priceFen}), 0)::bigint`,
    }).innerJoin(persons, eq(persons.id, tasks.personId)),
    groupBy: [persons.id, persons.name],
    orderBy: [desc(sql`count(*)`), asc(persons.id)],
    count: sql<number>`count(distinct ${tasks.personId})::int`,
  });
  return {
    records: rows.map((row) => ({
      userId: row.userId,
      userName: row.userName,
      productNum: row.productNum,
      orgNum: row.orgNum,
      userNum: row.userNum,
      amount: fenToYuan(Number(row.amountFen)),
    })),
    total,
  };
}

/** 推广任务明细构成: the settled tasks, newest completion first. */
export async function reportTasks(db: DbOrTx, viewer: Viewer, query: ReportPageQuery) {
  const { rows, total } = await reportSectionPage(db, viewer, query, {
    select: settledTasksSelect(db, {
      taskId: tasks.id,
      taskSn: tasks.taskSn,
      projectName: projects.projectName,
      visitTypeId: tasks.visitTypeId,
      userName: persons.name,
      phone: persons.phone,
      actTime: tasks.actTime,
      endTime: tasks.endTime,
      cusName: tasks.cusName,
      cusId: tasks.customerId,
      cusIsAuth: tasks.cusIsAuth,
      // the customer's current certification, as the task detail reads it (decision 0027)
      cusAuthStatus: customers.authStatus,
      orgName: tasks.orgName,
      productName: tasks.productName,
      status: tasks.status,
      auditStatus: tasks.auditStatus,
      priceFen: settlementTasks.priceFen,
    })
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .leftJoin(persons, eq(persons.id, tasks.personId))
      .leftJoin(customers, and(eq(customers.tenantId, tasks.tenantId), eq(customers.id, tasks.customerId))),
    orderBy: [desc(sql`coalesce(${tasks.actTime}, ${tasks.endTime})`), desc(tasks.id)],
    count: sql<number>`count(*)::int`,
  });
  const records = rows.map((row) => {
    return {
      taskId: row.taskId,
      taskSn: row.taskSn,
      projectName: row.projectName,
      visitType: TASK_TYPES[row.visitTypeId as TaskTypeId] ?? row.visitTypeId,
      userName: row.userName ?? '',
      userPhone: maskPhone(row.phone ?? ''),
      endTime: timeText(row.actTime ?? row.endTime),
      cusList: row.cusName ? [{ cusName: row.cusName }] : [],
      cusId: row.cusId,
      cusIsAuth: row.cusId === null ? row.cusIsAuth : row.cusAuthStatus === 1 ? 1 : 0,
      orgName: row.orgName,
      productName: row.productName,
      finishStatus_dictText: statusLabel(TASK_STATUS, row.status),
      auditStatus_dictText: statusLabel(TASK_AUDIT_STATUS, row.auditStatus),
      price: fenToYuan(row.priceFen),
    };
  });
  return { records, total };
}

/** 问卷题目统计: per questionnaire of the settled survey tasks, each question's valid answers. */
export async function reportQuestionCounts(
  db: DbOrTx,
  viewer: Viewer,
  settlementId: number,
): Promise<ReportQuestionGroup[]> {
  const settlement = await visibleSettlement(db, viewer, settlementId);
  const settled = await db
    .select({ taskId: tasks.id, resourceId: tasks.resourceId })
    .from(settlementTasks)
    .innerJoin(tasks, eq(tasks.id, settlementTasks.taskId))
    .where(and(settledTasksOf(viewer, settlementId), sql`${tasks.resourceId} is not null`));
  const contentIds = [...new Set(settled.map((row) => row.resourceId as number))].sort((a, b) => a - b);
  if (contentIds.length === 0) return [];
  const taskIds = settled.map((row) => row.taskId);
  const items = await db
    .select({ id: contentItems.id, title: contentItems.title })
    .from(contentItems)
    .where(and(eq(contentItems.tenantId, settlement.tenantId), inArray(contentItems.id, contentIds)));
  const questions = await db
    .select()
    .from(contentQuestions)
    .where(and(eq(contentQuestions.tenantId, settlement.tenantId), inArray(contentQuestions.contentId, contentIds)))
    .orderBy(asc(contentQuestions.contentId), asc(contentQuestions.sort), asc(contentQuestions.id));
  const answers = await db
    .select({
      questionId: taskSurveyAnswers.questionId,
      optionIds: taskSurveyAnswers.optionIds,
      content: taskSurveyAnswers.content,
    })
    .from(taskSurveyAnswers)
    .where(and(eq(taskSurveyAnswers.tenantId, settlement.tenantId), inArray(taskSurveyAnswers.taskId, taskIds)));
  const ratio = (count: number, total: number) => (total === 0 ? '0.00' : ((count / total) * 100).toFixed(2));
  return contentIds.map((contentId) => ({
    contentId,
    title: items.find((item) => item.id === contentId)?.title ?? '',
    questions: questions
      .filter((question) => question.contentId === contentId && question.subjectType !== 103)
      .map((question) => {
        const type = question.subjectType;
        const mine = answers.filter((answer) => answer.questionId === question.id);
        const typeName = SURVEY_SUBJECT_TYPES[type as SurveySubjectType] ?? '其他';
        if (!CHOICE_SUBJECT_TYPES.includes(type as SurveySubjectType)) {
          const valid = mine.filter((answer) => answer.content.trim() !== '' || answer.optionIds.length > 0);
          return {
            questionId: question.id,
            name: question.subjectName,
            typeName,
            type,
            totalNum: valid.length,
            detailVoList: [],
          };
        }
        // a rating (13) is answered with the stars, 1 to 5; the choices with option positions
        const options =
          type === 13
            ? [1, 2, 3, 4, 5].map((stars) => ({
                key: `${stars}星`,
                chosen: (answer: (typeof mine)[number]) => Number(answer.content) === stars,
              }))
            : question.optionList.map((option, index) => ({
                key: option.optionContent,
                chosen: (answer: (typeof mine)[number]) => answer.optionIds.includes(index),
              }));
        const valid = mine.filter((answer) => options.some((option) => option.chosen(answer)));
        return {
          questionId: question.id,
          name: question.subjectName,
          typeName,
          type,
          totalNum: valid.length,
          detailVoList: options.map((option) => {
            const count = valid.filter((answer) => option.chosen(answer)).length;
            return { readingKey: option.key, readingValue: count, ratio: ratio(count, valid.length) };
          }),
        };
      }),
  }));
}

// ---- the report itself

/** The report number: BG, the China date it was made, the settlement's id in 8 digits. */
const reportSnOf = (settlementId: number, now: Date) =>
  `BG${chinaTimestamp(now).slice(0, 8)}${String(settlementId).padStart(8, '0')}`;

async function reportOf(db: DbOrTx, settlement: Pick<SettlementRow, 'id' | 'tenantId'>, lock = false) {
  const query = db
    .select()
    .from(settlementReports)
    .where(and(eq(settlementReports.tenantId, settlement.tenantId), eq(settlementReports.settlementId, settlement.id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * The settlement's report, made (number and job) the first time it is asked for; only for a
 * settlement the row rule offers it on. Answers the row and whether it was made now.
 */
export async function ensureReport(
  db: DbOrTx,
  settlement: SettlementRow,
  userId: number | null,
  now = new Date(),
): Promise<{ report: ReportRow; created: boolean }> {
  const existing = await reportOf(db, settlement);
  if (existing) return { report: existing, created: false };
  if (!isReportable(settlement)) throw fail.rule(REPORT_MSG.notReportable);
  const [inserted] = await db
    .insert(settlementReports)
    .values({
      tenantId: settlement.tenantId,
      enterpriseId: settlement.enterpriseId,
      settlementId: settlement.id,
      reportSn: reportSnOf(settlement.id, now),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await addEvent(db, settlement, '生成报告', '系统', `结算报告${inserted.reportSn}生成中`, now);
    return { report: inserted, created: true };
  }
  // a concurrent first look made it
  return { report: (await reportOf(db, settlement)) as ReportRow, created: false };
}

const toReportFile = (row: typeof files.$inferSelect): ReportFile => ({
  fileName: row.fileName,
  fileType: row.extension,
  fileAddress: addressOf(row),
  fileSize: row.fileSize,
});

/** What the overview and the PDF print of a settlement. */
async function overviewFacts(db: DbOrTx, settlement: SettlementRow, report: ReportRow) {
  const [head] = await db
    .select({
      projectName: projects.projectName,
      projectStatus: projects.projectStatus,
      enterpriseName: enterprises.name,
      tenantName: tenants.name,
    })
    .from(settlements)
    .innerJoin(projects, eq(projects.id, settlements.projectId))
    .innerJoin(enterprises, eq(enterprises.id, settlements.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, settlements.tenantId))
    .where(eq(settlements.id, settlement.id));
  const [span] = await db
    .select({
      first: sql<Date | null>`min(coalesce(${tasks.actTime}, ${tasks.endTime}))`,
      last: sql<Date | null>`max(coalesce(${tasks.actTime}, ${tasks.endTime}))`,
      orgNum: sql<number>`count(distinct nullif(${tasks.orgName}, ''))::int`,
      productNum: sql<number>`count(distinct nullif(${tasks.productName}, ''))::int`,
      taskFen: sql<number>`coalesce(sum(${settlementTasks.priceFen}), 0)::bigint`,
    })
    .from(settlementTasks)
    .innerJoin(tasks, eq(tasks.id, settlementTasks.taskId))
    .where(
      and(
        eq(settlementTasks.tenantId, settlement.tenantId),
        eq(settlementTasks.settlementId, settlement.id),
        isNull(settlementTasks.releasedAt),
      ),
    );
  const attachments = await db
    .select({ file: files })
    .from(settlementAttachments)
    .innerJoin(files, eq(files.id, settlementAttachments.fileId))
    .where(
      and(
        eq(settlementAttachments.tenantId, settlement.tenantId),
        eq(settlementAttachments.settlementId, settlement.id),
        eq(settlementAttachments.delFlag, 0),
        eq(files.delFlag, 0),
      ),
    )
    .orderBy(asc(settlementAttachments.id));
  const reportFiles =
    report.reportFileIds.length === 0
      ? []
      : await db
          .select()
          .from(files)
          .where(
            and(eq(files.tenantId, settlement.tenantId), inArray(files.id, report.reportFileIds), eq(files.delFlag, 0)),
          )
          .orderBy(asc(files.id));
  const [pdf] = report.fileId
    ? await db
        .select()
        .from(files)
        .where(and(eq(files.tenantId, settlement.tenantId), eq(files.id, report.fileId), eq(files.delFlag, 0)))
    : [];
  const asDate = (value: Date | string | null) => (value ? new Date(value) : null);
  const overview: ReportOverview = {
    settlementId: settlement.id,
    settlementSn: report.reportSn,
    orderSn: settlement.settlementSn,
    address: report.status === 2 && pdf ? addressOf(pdf) : '',
    reportStatus: report.status,
    visitTypeId: reportVisitTypeId(settlement.visitTypeId),
    visitTypeValue: reportServiceTypeName(settlement.visitTypeId),
    enterpriseName: head?.enterpriseName ?? '',
    tenantName: head?.tenantName ?? '',
    projectName: head?.projectName ?? '',
    projectStatus: head?.projectStatus ?? 5,
    projectStatusLabel: statusLabel(PROJECT_STATUS, head?.projectStatus ?? 5),
    startTime: timeText(asDate(span?.first ?? null)),
    endTime: timeText(asDate(span?.last ?? null)),
    totalTask: settlement.totalTask,
    totalPersonNum: settlement.totalPersonNum,
    orgNum: span?.orgNum ?? 0,
    productNum: span?.productNum ?? 0,
    amount: fenToYuan(settlement.amountFen),
    taskAmount: fenToYuan(Number(span?.taskFen ?? 0)),
    fee: fenToYuan(settlement.feeFen),
    generateTime: timeText(report.generatedAt),
    fileList: attachments.map(({ file }) => toReportFile(file)),
    reportFileList: reportFiles.map(toReportFile),
  };
  return { overview, reportFiles };
}

/** The job of one version of a report: a second send of the same version while it waits is dropped. */
const sendReportJob = (services: Services, report: Pick<ReportRow, 'settlementId' | 'version'>) =>
  services.jobs.send(
    REPORT_JOB,
    { settlementId: report.settlementId } satisfies ReportJobData,
    `report:${report.settlementId}:${report.version}`,
  );

/** GET report/overview: makes the report at the first look (and sends its job). */
export async function reportOverview(services: Services, principal: Principal, settlementId: number, now = new Date()) {
  const { db } = services.ctx;
  const settlement = await visibleSettlement(db, principal, settlementId);
  const { report, created } = await ensureReport(db, settlement, principal.userId, now);
  if (created) await sendReportJob(services, report);
  return (await overviewFacts(db, settlement, report)).overview;
}

/** The report as a PDF: the overview, the tables, the questionnaire, the footer; the report files' pages after. */
export async function renderReport(
  services: Services,
  db: DbOrTx,
  viewer: Viewer,
  settlementId: number,
  now = new Date(),
): Promise<{ bytes: Buffer; report: ReportRow }> {
  const settlement = await visibleSettlement(db, viewer, settlementId);
  const report = await reportOf(db, settlement);
  if (!report) throw fail.rule(REPORT_MSG.notReportable);
  const { overview, reportFiles } = await overviewFacts(db, settlement, report);
  const all = { pageNo: 1, pageSize: 10_000, settlementId };
  const taskTypes = await reportTaskTypes(db, viewer, settlementId);
  const productRows = (await reportProducts(db, viewer, all)).records;
  const personRows = (await reportPersons(db, viewer, all)).records;
  const taskRows = (await reportTasks(db, viewer, all)).records;
  const groups =
    overview.visitTypeId === REPORT_QUESTIONNAIRE_TYPE ? await reportQuestionCounts(db, viewer, settlementId) : [];
  const appendPdfs: Uint8Array[] = [];
  for (const file of reportFiles) {
    try {
      appendPdfs.push(await readAll(await services.files.storage.openRead(file.storageKey)));
    } catch {
      // a file gone from the storage: listed by name, its pages left out
    }
  }
  const sections: PdfDocumentSpec['sections'][number][] = [
    {
      title: '一、整体总览',
      fields: [
        ['报告编号', overview.settlementSn],
        ['结算单号', overview.orderSn],
        ['企业名称', overview.enterpriseName],
        ['所属平台', overview.tenantName],
        ['项目名称', overview.projectName],
        ['项目状态', overview.projectStatusLabel],
        ['服务类型', overview.visitTypeValue],
        ['任务周期', overview.startTime ? `${overview.startTime} 至 ${overview.endTime}` : '-'],
        ['任务总数', `${overview.totalTask}个`],
        ['推广人数', `${overview.totalPersonNum}人`],
        ['覆盖终端', `${overview.orgNum}家`],
        ['推广产品', `${overview.productNum}个`],
        ['结算总金额', `¥${overview.amount}元`],
      ],
    },
    {
      title: '二、任务场景明细',
      table: {
        columns: [
          { header: '服务类型', width: 14 },
          { header: '子类型', width: 16 },
          { header: '任务描述', width: 36 },
          { header: '推广次数', width: 10, align: 'right' },
          { header: '推广金额(元)', width: 14, align: 'right' },
        ],
        rows: taskTypes.map((row) => [
          row.visitTypeValue,
          row.taskTypeValue,
          row.taskRemark || '-',
          String(row.taskNum),
          row.amount,
        ]),
        emptyText: '暂无数据',
      },
    },
  ];
  let number = 3;
  const numbered = (title: string) => `${'一二三四五六七八九十'[number++ - 1] ?? number - 1}、${title}`;
  if (productRows.length > 0)
    sections.push({
      title: numbered('推广产品构成'),
      table: {
        columns: [
          { header: '产品名称', width: 26 },
          { header: '规格', width: 16 },
          { header: '厂家', width: 26 },
          { header: '推广次数', width: 10, align: 'right' },
          { header: '推广金额(元)', width: 14, align: 'right' },
        ],
        rows: productRows.map((row) => [
          row.productName,
          row.productGuige || '-',
          row.productFactory || '-',
          String(row.productNum),
          row.amount,
        ]),
      },
    });
  sections.push({
    title: numbered('推广人员构成'),
    table: {
      columns: [
        { header: '人员姓名', width: 20 },
        { header: '推广产品数', width: 14, align: 'right' },
        { header: '终端数', width: 14, align: 'right' },
        { header: '推广次数', width: 14, align: 'right' },
        { header: '推广金额(元)', width: 16, align: 'right' },
      ],
      rows: personRows.map((row) => [
        row.userName,
        String(row.productNum),
        String(row.orgNum),
        String(row.userNum),
        row.amount,
      ]),
      emptyText: '暂无数据',
    },
  });
  if (taskRows.length > 0)
    sections.push({
      title: numbered('推广任务明细构成'),
      table: {
        columns: [
          { header: '任务编号', width: 18 },
          { header: '任务人员', width: 9 },
          { header: '完成时间', width: 17 },
          { header: '客户', width: 9 },
          { header: '终端', width: 18 },
          { header: '产品', width: 14 },
          { header: '审核状态', width: 9 },
          { header: '结算金额', width: 9, align: 'right' },
        ],
        rows: taskRows.map((row) => [
          row.taskSn,
          row.userName,
          row.endTime,
          row.cusList.map((item) => item.cusName).join('、') || '-',
          row.orgName || '-',
          row.productName || '-',
          row.auditStatus_dictText,
          row.price,
        ]),
      },
    });
  if (overview.fileList.length > 0)
    sections.push({
      title: numbered('附件'),
      fields: overview.fileList.map((file, index) => [`附件${index + 1}`, file.fileName] as const),
    });
  if (overview.visitTypeId !== REPORT_QUESTIONNAIRE_TYPE && overview.reportFileList.length > 0)
    sections.push({
      title: numbered('其他构成'),
      fields: overview.reportFileList.map(
        (file, index) => [`文件${index + 1}`, `${file.fileName}（见后附页）`] as const,
      ),
    });
  let question = 1;
  for (const group of groups)
    for (const item of group.questions) {
      const choice = item.detailVoList.length > 0;
      sections.push({
        title: `${numbered(`第${question++}题`)} ${item.name}（${item.typeName}）`,
        ...(choice
          ? {
              table: {
                columns: [
                  { header: '选项', width: 50 },
                  { header: '小计', width: 20, align: 'right' as const },
                  { header: '比例', width: 20, align: 'right' as const },
                ],
                rows: [
                  ...item.detailVoList.map((detail) => [
                    detail.readingKey,
                    String(detail.readingValue),
                    `${detail.ratio}%`,
                  ]),
                  ['本题有效填写次数', String(item.totalNum), ''],
                ],
              },
            }
          : { fields: [['本题有效填写次数', `${item.totalNum}次（详见附件）`] as const] }),
      });
    }
  const bytes = await renderPdf(
    {
      title: '结算报告',
      subtitle: `报告编号：${report.reportSn}`,
      subject: `settlement report ${report.reportSn}`,
      // the task details are wide: A4 on its side, as the statement
      landscape: true,
      footer: `${REPORT_PRODUCT_NAME} · ${REPORT_TAGLINE} · 结算报告 ${report.reportSn} · 生成时间 ${chinaDateTime(now)}`,
      sections,
      closing: [`${REPORT_PRODUCT_NAME}  ${REPORT_TAGLINE}`, ...REPORT_SUPPORT_LINES],
      appendPdfs,
    },
    now,
  );
  return { bytes, report };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The job: renders the report of a settlement, stores the PDF and, when the version it rendered is
 * still the report's, records it (status 2) and retires the previous file. Answers whether it did.
 */
export async function generateReport(services: Services, { settlementId }: ReportJobData, now = new Date()) {
  const { scopes } = services.ctx;
  const started = await scopes.withSystem('report job: the report to render', async (db) => {
    const [settlement] = await db.select().from(settlements).where(eq(settlements.id, settlementId));
    if (!settlement) return null;
    const report = await reportOf(db, settlement);
    if (report?.status !== 1) return null;
    // the settlement's enterprise sees exactly the rows the report prints
    const viewer: Viewer = {
      side: 'enterprise',
      tenantId: settlement.tenantId,
      enterpriseId: settlement.enterpriseId,
      userIdentity: 2,
    };
    return {
      settlement,
      version: report.version,
      owner: report.createdBy,
      ...(await renderReport(services, db, viewer, settlementId, now)),
    };
  });
  if (!started) return false;
  const { settlement, version, owner, bytes } = started;
  const fileKey = crypto.randomBytes(16).toString('base64url');
  const storageKey = `t${settlement.tenantId}/${chinaTimestamp(now).slice(0, 6)}/${fileKey}.pdf`;
  await services.files.storage.putBuffer(storageKey, bytes);
  const made = await scopes.withSystem('report job: recording the file', async (db) => {
    const report = await reportOf(db, settlement, true);
    if (report?.status !== 1 || report.version !== version) return false;
    const [file] = await db
      .insert(files)
      .values({
        tenantId: settlement.tenantId,
        enterpriseId: settlement.enterpriseId,
        ownerUserId: owner ?? settlement.payUserId ?? settlement.createdBy ?? 0,
        ownerSide: 'enterprise',
        fileKey,
        fileName: `结算报告_${report.reportSn}.pdf`.slice(0, 64),
        extension: 'pdf',
        fileSize: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        storageKey,
        target: 'report',
        scene: 'settleReport',
        uploadPath: REPORT_PDF_UPLOAD_PATH,
        bizId: String(settlement.id),
        visibility: 'tenant',
        createdAt: now,
      })
      .returning({ id: files.id });
    if (report.fileId) await db.update(files).set({ delFlag: 1 }).where(eq(files.id, report.fileId));
    await db
      .update(settlementReports)
      .set({ status: 2, fileId: file.id, generatedAt: now, updatedAt: now })
      .where(eq(settlementReports.id, report.id));
    await addEvent(db, settlement, '生成报告', '系统', `结算报告${report.reportSn}已生成（文件${file.id}）`, now);
    return true;
  });
  if (!made) await services.files.storage.remove(storageKey);
  return made;
}

/** Every report still generating (the sweep after a lost job, a crash or a version overtaken). */
export async function generatePendingReports(services: Services): Promise<number> {
  const pending = await services.ctx.scopes.withSystem('report sweep: reports of every tenant still generating', (db) =>
    db
      .select({ settlementId: settlementReports.settlementId })
      .from(settlementReports)
      .where(eq(settlementReports.status, 1))
      .limit(100),
  );
  let made = 0;
  for (const { settlementId } of pending) if (await generateReport(services, { settlementId })) made++;
  return made;
}

/**
 * POST report/regenerate: the enterprise's report files (PDFs it uploaded for this settlement's
 * report, at most 5 MB each) replace the saved ones, and the report is made again.
 */
export async function regenerateReport(
  services: Services,
  principal: Principal,
  input: { settlementId: number; fileList: ReportFile[] },
  actor: AuditActor,
  now = new Date(),
) {
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
  const { db } = services.ctx;
  const settlement = await visibleSettlement(db, principal, input.settlementId);
  await ensureReport(db, settlement, principal.userId, now);
  const report = (await reportOf(db, settlement, true)) as ReportRow;
  const fileIds: number[] = [];
  for (const item of input.fileList) {
    const file = await services.files.findByAddress(item.fileAddress);
    if (
      file?.delFlag !== 0 ||
      file.tenantId !== settlement.tenantId ||
      file.enterpriseId !== settlement.enterpriseId ||
      file.uploadPath !== REPORT_UPLOAD.uploadPath ||
      file.bizId !== String(settlement.id) ||
      file.extension !== 'pdf'
    )
      throw fail.validation(REPORT_MSG.fileNotYours);
    if (file.fileSize > REPORT_UPLOAD.documentMaxBytes) throw fail.validation(REPORT_MSG.fileTooLarge);
    if (!fileIds.includes(file.id)) fileIds.push(file.id);
  }
  const dropped = report.reportFileIds.filter((id) => !fileIds.includes(id));
  if (dropped.length > 0)
    await db
      .update(files)
      .set({ delFlag: 1 })
      .where(and(eq(files.tenantId, settlement.tenantId), inArray(files.id, dropped)));
  const version = report.version + 1;
  await db
    .update(settlementReports)
    .set({ status: 1, version, reportFileIds: fileIds, updatedAt: now })
    .where(eq(settlementReports.id, report.id));
  await addEvent(db, settlement, '重新生成报告', actor.name, `报告文件${fileIds.length}个`, now);
  await writeAudit(db, actor, {
    action: 'settlement.report.regenerate',
    targetType: 'settlement',
    targetId: settlement.id,
    before: { reportFileIds: report.reportFileIds, version: report.version },
    after: { reportFileIds: fileIds, version },
  });
  await sendReportJob(services, { ...report, version });
  return { settlementId: settlement.id, settlementSn: report.reportSn, reportStatus: 1 };
}

// ---- the download (a document in the download cache)

export const reportDownloadFiltersSchema = z.object({ settlementId: z.number().int().positive() });
type ReportDownloadFilters = z.output<typeof reportDownloadFiltersSchema>;

/** The report PDF filed in the download cache: rendered as the requester sees the settlement. */
export function settlementReportExport(services: Services): DocumentExportDefinition<ReportDownloadFilters> {
  return {
    kind: 'settlement.report',
    downloadType: DOWNLOAD_TYPES.settlementReport,
    title: '结算报告',
    extension: 'pdf',
    filters: reportDownloadFiltersSchema,
    labels: async (db, requester, filters) => {
      const [row] = await db
        .select({ projectName: projects.projectName, visitTypeId: settlements.visitTypeId })
        .from(settlements)
        .innerJoin(projects, eq(projects.id, settlements.projectId))
        .where(and(settlementScope(requester), eq(settlements.id, filters.settlementId)));
      if (!row) throw fail.notFound(SETTLEMENT_MSG.notFound);
      return { projectName: row.projectName, serviceType: reportServiceTypeName(row.visitTypeId) };
    },
    render: async (db, requester, filters) => (await renderReport(services, db, requester, filters.settlementId)).bytes,
  };
}

/** POST report/download: the report exists (made now at the latest) and goes to the cache. */
export async function requestReportDownload(
  services: Services,
  principal: Principal,
  settlementId: number,
  actor: AuditActor,
) {
  const { db } = services.ctx;
  const settlement = await visibleSettlement(db, principal, settlementId);
  const { report, created } = await ensureReport(db, settlement, principal.userId);
  if (created) await sendReportJob(services, report);
  const cacheId = await services.exports.submit({
    principal,
    actor,
    kind: 'settlement.report',
    filters: { settlementId },
    unmasked: false,
  });
  return { cacheId };
}

// ---- routes

export function registerSettlementReportRoutes(deps: RouteDeps): void {
  const { app, services } = deps;
  const db = () => services.ctx.db;
  registerOperation(app, reportTaskTypeOperation, async (query, request) =>
    reportTaskTypes(db(), principalOf(request), query.settlementId),
  );
  registerOperation(app, reportProductPageOperation, async (query, request) =>
    reportProducts(db(), principalOf(request), query),
  );
  registerOperation(app, reportPersonPageOperation, async (query, request) =>
    reportPersons(db(), principalOf(request), query),
  );
  registerOperation(app, reportTaskPageOperation, async (query, request) =>
    reportTasks(db(), principalOf(request), query),
  );
  registerOperation(app, reportOverviewOperation, async (query, request) =>
    reportOverview(services, principalOf(request), query.settlementId),
  );
  registerOperation(app, reportQuestionCountOperation, async (query, request) =>
    reportQuestionCounts(db(), principalOf(request), query.orderId),
  );
  registerOperation(
    app,
    reportDownloadOperation,
    async (body, request) => requestReportDownload(services, principalOf(request), body.settlementId, actorOf(request)),
    { message: REPORT_MSG.downloadSubmitted },
  );
  registerOperation(
    app,
    reportRegenerateOperation,
    async (body, request) => regenerateReport(services, principalOf(request), body, actorOf(request)),
    { message: REPORT_MSG.regenerating },
  );
}
