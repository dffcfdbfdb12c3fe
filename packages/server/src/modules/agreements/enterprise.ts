/**
 * 企业协议 (spec 3 §2, §3, §4 "Enterprise agreement management", §5, §7; decision 0040): what a
 * platform agrees with an enterprise. Offline: the signed files are uploaded and the agreement runs by
 * its dates. Online: the platform writes it with one seal place for each party, signs first (4 签署中),
 * the enterprise signs next (3 待签署) and then it runs (2 履约中). Every change locks the row, checks
 * the state it starts from and is audited.
 */
import {
  AGREEMENT_MARK_LABEL,
  agreementMarksError,
  ApiCode,
  ENTERPRISE_AGREEMENT_MSG,
  ENTERPRISE_AGREEMENT_PDF_PATH,
  ENTERPRISE_AGREEMENT_STATUS,
  ENTERPRISE_AGREEMENT_TYPES,
  type AgreementFile,
  type EnterpriseAgreementDetail,
  type EnterpriseAgreementRecord,
  type enterpriseAgreementListOperation,
  type enterpriseAgreementSaveInputSchema,
  type Page,
  type signingRecordsOperation,
} from '@fieldpay/domain';
import { and, type Column, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { type Direction, paged } from '../../db/paging';
import { type AgreementStoredFile, enterpriseAgreements, enterprises, tenants } from '../../db/schema';
import { provisionalNumber } from '../../db/row-numbers';
import type { Principal } from '../../platform/auth/sessions';
import { chinaDateTime } from '../../platform/china-time';
import type { Services } from '../../services';
import { contains } from '../../platform/lookups/query';
import { renderPdf } from '../../platform/pdf';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { enterpriseInScope } from '../enterprises/service';
import { agreementParagraphs, countAgreementMarks, sanitizeAgreementHtml } from './agreement-html';
import { agreementScope, effectiveStatusSql } from './enterprise-scope';
import { revokeSignLinks } from './signing';

type ListQuery = z.output<(typeof enterpriseAgreementListOperation)['input']>;
type RecordsQuery = z.output<(typeof signingRecordsOperation)['input']>;
type SaveInput = z.output<typeof enterpriseAgreementSaveInputSchema>;
type Status = keyof typeof ENTERPRISE_AGREEMENT_STATUS;

const DOCUMENT_EXTENSIONS = ['doc', 'docx', 'pdf'];

const ORDER_COLUMNS = {
  enterpriseSignTime: enterpriseAgreements.enterpriseSignDate,
  startTime: enterpriseAgreements.startDate,
  endTime: enterpriseAgreements.endDate,
  createTime: enterpriseAgreements.createdAt,
} as const;

const recordColumns = {
  id: enterpriseAgreements.id,
  agreementType: enterpriseAgreements.agreementType,
  enterpriseId: enterpriseAgreements.enterpriseId,
  enterpriseName: enterprises.name,
  tenantId: enterpriseAgreements.tenantId,
  tenantName: tenants.name,
  agreementName: enterpriseAgreements.agreementName,
  orderNo: enterpriseAgreements.orderNo,
  enterpriseSignDate: enterpriseAgreements.enterpriseSignDate,
  startDate: enterpriseAgreements.startDate,
  endDate: enterpriseAgreements.endDate,
  signStatus: effectiveStatusSql,
  files: enterpriseAgreements.files,
  createdAt: enterpriseAgreements.createdAt,
};

interface RecordRow {
  id: number;
  agreementType: number;
  enterpriseId: number;
  enterpriseName: string;
  tenantId: number;
  tenantName: string;
  agreementName: string;
  orderNo: string;
  enterpriseSignDate: string;
  startDate: string;
  endDate: string;
  signStatus: number;
  files: AgreementStoredFile[];
  createdAt: Date;
}

const toRecord = (row: RecordRow): EnterpriseAgreementRecord => ({
  id: row.id,
  agreementType: row.agreementType,
  enterpriseId: row.enterpriseId,
  enterpriseName: row.enterpriseName,
  tenantId: row.tenantId,
  tenantName: row.tenantName,
  agreementName: row.agreementName,
  orderNo: row.orderNo,
  enterpriseSignTime: row.enterpriseSignDate,
  startTime: row.startDate,
  endTime: row.endDate,
  signStatus: row.signStatus,
  signLabel: ENTERPRISE_AGREEMENT_STATUS[row.signStatus as Status]?.label ?? '',
  agreementList: row.files.map((file) => ({ agreementName: file.name })),
  createTime: row.createdAt.getTime(),
});

async function agreementPage(
  db: DbOrTx,
  query: { pageNo: number; pageSize: number },
  where: SQL | undefined,
  orderBy: Array<[Column, Direction]>,
): Promise<Page<EnterpriseAgreementRecord>> {
  return paged(db, query, {
    from: enterpriseAgreements,
    where,
    key: enterpriseAgreements.id,
    orderBy,
    rows: (page) =>
      db
        .select({ ...recordColumns, ...page.columns })
        .from(enterpriseAgreements)
        .innerJoin(enterprises, eq(enterprises.id, enterpriseAgreements.enterpriseId))
        .innerJoin(tenants, eq(tenants.id, enterpriseAgreements.tenantId))
        .where(inArray(enterpriseAgreements.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => toRecord(row),
  });
}

/** 企业协议列表: newest first, or by sign, start, end or upload time. */
export async function listEnterpriseAgreements(
  db: DbOrTx,
  principal: Principal,
  query: ListQuery,
): Promise<Page<EnterpriseAgreementRecord>> {
  const direction = query.orderSort === 0 ? 'asc' : 'desc';
  const where = and(
    agreementScope(principal, query.tenantId),
    equalsIfGiven(enterpriseAgreements.enterpriseId, query.enterpriseId),
    contains(enterpriseAgreements.agreementName, query.agreementName),
    query.signStatus ? eq(effectiveStatusSql, query.signStatus) : undefined,
  );
  return agreementPage(
    db,
    query,
    where,
    query.orderField
      ? [
          [ORDER_COLUMNS[query.orderField], direction],
          [enterpriseAgreements.id, direction],
        ]
      : [[enterpriseAgreements.id, 'desc']],
  );
}

/** 签署记录: one enterprise's agreements with its platform, newest first. */
export async function listSigningRecords(
  db: DbOrTx,
  principal: Principal,
  query: RecordsQuery,
): Promise<Page<EnterpriseAgreementRecord>> {
  const enterprise = await enterpriseInScope(db, principal, query.enterpriseId, query.tenantId);
  const where = and(
    agreementScope(principal),
    eq(enterpriseAgreements.tenantId, enterprise.tenantId),
    eq(enterpriseAgreements.enterpriseId, enterprise.id),
    query.signStatus ? eq(effectiveStatusSql, query.signStatus) : undefined,
  );
  return agreementPage(db, query, where, [[enterpriseAgreements.id, 'desc']]);
}

async function agreementRow(db: DbOrTx, principal: Principal, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      row: enterpriseAgreements,
      signStatus: effectiveStatusSql,
      enterpriseName: enterprises.name,
      tenantName: tenants.name,
    })
    .from(enterpriseAgreements)
    .innerJoin(enterprises, eq(enterprises.id, enterpriseAgreements.enterpriseId))
    .innerJoin(tenants, eq(tenants.id, enterpriseAgreements.tenantId))
    .where(and(eq(enterpriseAgreements.id, id), agreementScope(principal)));
  const [found] = options.lock ? await query.for('update', { of: enterpriseAgreements }) : await query;
  if (!found) throw fail.notFound(ENTERPRISE_AGREEMENT_MSG.notFound);
  return found;
}
export type AgreementRow = Awaited<ReturnType<typeof agreementRow>>;

/** 协议详情: the record, the online text and when each party signed. */
export async function agreementDetail(
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<EnterpriseAgreementDetail> {
  const { row, signStatus, enterpriseName, tenantName } = await agreementRow(db, principal, id);
  return {
    ...toRecord({ ...row, enterpriseName, tenantName, signStatus }),
    content: row.content,
    platformSignedTime: row.platformSignedAt?.getTime() ?? null,
    enterpriseSignedTime: row.enterpriseSignedAt?.getTime() ?? null,
  };
}

/** The uploaded files of an offline agreement: Word or PDF files of its platform the caller uploaded or may read. */
async function storedFiles(
  services: Services,
  principal: Principal,
  tenantId: number,
  list: AgreementFile[],
): Promise<AgreementStoredFile[]> {
  const stored: AgreementStoredFile[] = [];
  for (const item of list) {
    const file = await services.files.attachable(principal, item.agreementAddress, {
      tenantId,
      extensions: DOCUMENT_EXTENSIONS,
    });
    if (!file) throw fail.validation(ENTERPRISE_AGREEMENT_MSG.fileNotDocument);
    if (!stored.some((known) => known.fileId === file.id)) {
      stored.push({ fileId: file.id, fileKey: file.fileKey, name: file.fileName });
    }
  }
  return stored;
}

/** The online text, kept to the allowlist, with its seals checked after sanitizing (what is stored is what is checked). */
function onlineContent(html: string): string {
  const content = sanitizeAgreementHtml(html);
  const error = agreementMarksError(countAgreementMarks(content), 'agreement');
  if (error) throw fail.validation(error);
  return content;
}

/**
 * 新增协议 (or saving a draft again with its id): an offline agreement is signed already and runs by
 * its dates; an online one waits for the platform's signature (4 签署中).
 */
export async function saveEnterpriseAgreement(
  services: Services,
  principal: Principal,
  input: SaveInput,
  actor: AuditActor,
  /** when it happens (the demo's history; a request: now) */
  at = new Date(),
): Promise<{ id: number; signStatus: number }> {
  const db = services.ctx.db;
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  const online = input.agreementType === 1;
  const stored = online ? [] : await storedFiles(services, principal, enterprise.tenantId, input.agreementList ?? []);
  const values = {
    agreementType: input.agreementType,
    agreementName: online ? (input.agreementName ?? '') : (stored[0]?.name ?? '').replace(/\.[^.]+$/, ''),
    enterpriseSignDate: input.enterpriseSignTime,
    startDate: input.startTime,
    endDate: input.endTime,
    content: online ? onlineContent(input.content ?? '') : '',
    files: stored,
    status: (online ? 4 : 2) as Status,
    platformSignedAt: null,
    enterpriseSignedAt: null,
    updatedAt: at,
  };

  if (input.id) {
    const { row, signStatus } = await agreementRow(db, principal, input.id, { lock: true });
    const editable =
      row.enterpriseId === enterprise.id &&
      row.agreementType === input.agreementType &&
      ((row.agreementType === 0 && signStatus === 5) || (row.agreementType === 1 && signStatus === 4));
    if (!editable) throw fail.rule(ENTERPRISE_AGREEMENT_MSG.notEditable);
    await db.update(enterpriseAgreements).set(values).where(eq(enterpriseAgreements.id, row.id));
    await revokeSignLinks(db, row.id);
    await writeAudit(db, actor, {
      action: 'enterpriseAgreement.update',
      targetType: 'enterpriseAgreement',
      targetId: row.id,
      before: { ...row, content: undefined },
      after: { ...values, content: undefined },
    });
    // read back: the answered status is the effective one, its dates read in by the one expression every read uses
    return { id: row.id, signStatus: (await agreementRow(db, principal, row.id)).signStatus };
  }

  const [created] = await db
    .insert(enterpriseAgreements)
    .values({
      ...values,
      tenantId: enterprise.tenantId,
      enterpriseId: enterprise.id,
      orderNo: provisionalNumber(),
      createdBy: principal.userId,
      createdAt: at,
    })
    .returning({ id: enterpriseAgreements.id });
  // the agreement number: XY, the China date and the row's id (unique without a counter to race on)
  await db
    .update(enterpriseAgreements)
    .set({
      orderNo: sql`'XY' || to_char(${enterpriseAgreements.createdAt} at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(${enterpriseAgreements.id}::text, 6, '0')`,
    })
    .where(eq(enterpriseAgreements.id, created.id));
  await writeAudit(db, actor, {
    action: 'enterpriseAgreement.create',
    targetType: 'enterpriseAgreement',
    targetId: created.id,
    after: { ...values, content: undefined, enterpriseId: enterprise.id },
  });
  const { signStatus } = await agreementRow(db, principal, created.id);
  return { id: created.id, signStatus };
}

/** The status each action starts from and the status it leaves (spec 3 §4). */
const TRANSITIONS = {
  withdraw: { from: [3], to: 6, message: ENTERPRISE_AGREEMENT_MSG.notWithdrawable, online: true },
  cancel: { from: [4], to: 6, message: ENTERPRISE_AGREEMENT_MSG.notCancellable, online: true },
  end: { from: [2], to: 7, message: ENTERPRISE_AGREEMENT_MSG.notEndable, online: undefined },
} as const;
export type AgreementAction = keyof typeof TRANSITIONS | 'delete';

/** 撤回, 取消签署, 终止 and 删除. */
export async function changeAgreement(
  services: Services,
  principal: Principal,
  id: number,
  action: AgreementAction,
  actor: AuditActor,
  at = new Date(),
): Promise<null> {
  const db = services.ctx.db;
  const { row, signStatus } = await agreementRow(db, principal, id, { lock: true });
  if (action === 'delete') {
    if (row.agreementType !== 0 || signStatus !== 5) throw fail.rule(ENTERPRISE_AGREEMENT_MSG.notDeletable);
    await db.delete(enterpriseAgreements).where(eq(enterpriseAgreements.id, row.id));
  } else {
    const rule = TRANSITIONS[action];
    const allowed =
      (rule.from as readonly number[]).includes(signStatus) &&
      (rule.online === undefined || (row.agreementType === 1) === rule.online);
    if (!allowed) throw fail.rule(rule.message);
    if (action === 'end') await refuseEndingTheLast(db, row);
    await db
      .update(enterpriseAgreements)
      .set({ status: rule.to, updatedAt: at, ...(action === 'end' ? { endedAt: at } : {}) })
      .where(eq(enterpriseAgreements.id, row.id));
    await revokeSignLinks(db, row.id);
  }
  await writeAudit(db, actor, {
    action: `enterpriseAgreement.${action}`,
    targetType: 'enterpriseAgreement',
    targetId: row.id,
    before: { status: signStatus, orderNo: row.orderNo, enterpriseId: row.enterpriseId },
  });
  return null;
}

/** 19007: an enterprise keeps at least one agreement in force with its platform. */
async function refuseEndingTheLast(db: DbOrTx, row: AgreementRow['row']): Promise<void> {
  // the enterprise's agreements are changed one after another under its row lock
  await db.select({ id: enterprises.id }).from(enterprises).where(eq(enterprises.id, row.enterpriseId)).for('update');
  const [others] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(enterpriseAgreements)
    .where(
      and(
        eq(enterpriseAgreements.tenantId, row.tenantId),
        eq(enterpriseAgreements.enterpriseId, row.enterpriseId),
        ne(enterpriseAgreements.id, row.id),
        eq(effectiveStatusSql, 2),
      ),
    );
  if (others.count === 0) throw fail.rule(ENTERPRISE_AGREEMENT_MSG.lastValid, ApiCode.lastAgreement);
}

/** 下载 of an offline agreement: its files, each with a signed link. */
export async function agreementFiles(services: Services, principal: Principal, id: number): Promise<AgreementFile[]> {
  const { row } = await agreementRow(services.ctx.db, principal, id);
  return row.files.map((file) => ({
    agreementName: file.name,
    agreementAddress: services.files.linkFor(
      { tenantId: row.tenantId, fileKey: file.fileKey },
      { disposition: 'attachment' },
    ).url,
  }));
}

/** 预览/下载 of an online agreement: the address of its PDF, by agreement number. */
export async function previewAddress(
  db: DbOrTx,
  principal: Principal,
  contractSn: string,
): Promise<{ address: string; agreementName: string }> {
  const [found] = await db
    .select({ id: enterpriseAgreements.id, agreementName: enterpriseAgreements.agreementName })
    .from(enterpriseAgreements)
    .where(
      and(
        agreementScope(principal),
        eq(enterpriseAgreements.orderNo, contractSn),
        eq(enterpriseAgreements.agreementType, 1),
      ),
    )
    .limit(1);
  if (!found) throw fail.notFound(ENTERPRISE_AGREEMENT_MSG.notFound);
  return { address: `${ENTERPRISE_AGREEMENT_PDF_PATH}?id=${found.id}`, agreementName: found.agreementName };
}

/**
 * The online agreement as a PDF: the parties, the text with each seal written as who sealed it and
 * when, dated by the last signature so the same agreement gives the same bytes.
 */
export async function agreementPdf(
  db: DbOrTx,
  principal: Principal,
  id: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { row, signStatus, enterpriseName, tenantName } = await agreementRow(db, principal, id);
  if (row.agreementType !== 1) throw fail.notFound(ENTERPRISE_AGREEMENT_MSG.notFound);
  const sealed = (at: Date | null, party: string) => (at ? `${party}（${chinaDateTime(at)} 电子签章）` : '待签署');
  const paragraphs = agreementParagraphs(row.content, (type, _key, label) =>
    type === 'platform-seal'
      ? `【${label}：${sealed(row.platformSignedAt, tenantName)}】`
      : type === 'enterprise-seal'
        ? `【${label}：${sealed(row.enterpriseSignedAt, enterpriseName)}】`
        : label,
  );
  const bytes = await renderPdf(
    {
      title: row.agreementName,
      subtitle: `协议编号：${row.orderNo}`,
      subject: `${row.agreementName} ${row.orderNo}`,
      footer: `${tenantName} · ${row.orderNo}`,
      sections: [
        {
          title: '协议信息',
          fields: [
            ['甲方（平台）', tenantName],
            ['乙方（企业）', enterpriseName],
            ['签署方式', ENTERPRISE_AGREEMENT_TYPES[1]],
            ['协议状态', ENTERPRISE_AGREEMENT_STATUS[signStatus as Status]?.label ?? ''],
            ['签订日期', row.enterpriseSignDate],
            ['协议期限', `${row.startDate} 至 ${row.endDate}`],
          ],
        },
        { title: '协议正文', paragraphs },
        {
          title: '签署信息',
          fields: [
            [`${AGREEMENT_MARK_LABEL['platform-seal']}`, sealed(row.platformSignedAt, tenantName)],
            [`${AGREEMENT_MARK_LABEL['enterprise-seal']}`, sealed(row.enterpriseSignedAt, enterpriseName)],
          ],
        },
      ],
    },
    row.enterpriseSignedAt ?? row.platformSignedAt ?? row.createdAt,
  );
  return { bytes, fileName: `${row.agreementName}.pdf` };
}
