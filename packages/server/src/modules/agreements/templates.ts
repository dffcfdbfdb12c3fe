/**
 * 协议模板 (decision 0041): an enterprise's project agreements (contracts of type 2), written in the
 * agreement editor with one signature field and variables. What is stored is what was checked: the
 * HTML kept to the allowlist, its marks counted with the template rule, its text free of the listed
 * sensitive words. Once a person has signed one, it is not changed any more (their contract is drawn
 * from it): a new template is made instead.
 */
import {
  AGREEMENT_TEMPLATE_MSG,
  type AgreementTemplate,
  type AgreementTemplateRow,
  agreementMarksError,
  type agreementTemplateListOperation,
  type Page,
  type templateSaveInputSchema,
} from '@fieldpay/domain';
import { and, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, tenantScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { contracts, personAgreements } from '../../db/schema';
import { provisionalNumber } from '../../db/row-numbers';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { enterpriseInScope } from '../enterprises/service';
import { agreementText, countAgreementMarks, sanitizeAgreementHtml } from './agreement-html';

type ListQuery = z.output<(typeof agreementTemplateListOperation)['input']>;
type SaveInput = z.output<typeof templateSaveInputSchema>;

/** A template is an enterprise's project agreement. */
const PROJECT_AGREEMENT = 2;

function templateScope(principal: Principal): SQL | undefined {
  return and(
    eq(contracts.type, PROJECT_AGREEMENT),
    isNotNull(contracts.enterpriseId),
    principal.side === 'enterprise'
      ? enterpriseScope(principal, contracts.tenantId, contracts.enterpriseId)
      : tenantScope(principal, contracts.tenantId),
  );
}

const signedCountSql = sql<number>`(select count(*)::int from ${personAgreements}
  where ${personAgreements.tenantId} = ${contracts.tenantId} and ${personAgreements.contractId} = ${contracts.id}
  and ${personAgreements.signedAt} is not null)`;

const rowColumns = {
  id: contracts.id,
  enterpriseId: contracts.enterpriseId,
  tenantId: contracts.tenantId,
  agreementName: contracts.contractName,
  contractSn: contracts.contractSn,
  params: contracts.params,
  signedCount: signedCountSql,
  createdAt: contracts.createdAt,
  updatedAt: contracts.updatedAt,
};

interface Row {
  id: number;
  enterpriseId: number | null;
  tenantId: number;
  agreementName: string;
  contractSn: string;
  params: { key: string; value: string }[];
  signedCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const toRow = (row: Row): AgreementTemplateRow => ({
  id: row.id,
  enterpriseId: row.enterpriseId ?? 0,
  tenantId: row.tenantId,
  agreementName: row.agreementName,
  contractSn: row.contractSn,
  params: row.params,
  signedCount: row.signedCount,
  createTime: row.createdAt.getTime(),
  updateTime: row.updatedAt.getTime(),
});

/** 协议模板 of one enterprise, newest first. */
export async function listTemplates(
  db: DbOrTx,
  principal: Principal,
  query: ListQuery,
): Promise<Page<AgreementTemplateRow>> {
  const enterprise = await enterpriseInScope(db, principal, query.enterpriseId, query.tenantId);
  return paged(db, query, {
    from: contracts,
    where: and(
      templateScope(principal),
      eq(contracts.tenantId, enterprise.tenantId),
      eq(contracts.enterpriseId, enterprise.id),
      contains(contracts.contractName, query.agreementName),
    ),
    key: contracts.id,
    orderBy: [[contracts.id, 'desc']],
    rows: (page) =>
      db
        .select({ ...rowColumns, ...page.columns })
        .from(contracts)
        .where(inArray(contracts.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => toRow(row),
  });
}

async function templateRow(db: DbOrTx, principal: Principal, id: number, lock = false) {
  const query = db
    .select({ ...rowColumns, content: contracts.content })
    .from(contracts)
    .where(and(eq(contracts.id, id), templateScope(principal)));
  const [row] = lock ? await query.for('update', { of: contracts }) : await query;
  if (!row) throw fail.notFound(AGREEMENT_TEMPLATE_MSG.notFound);
  return row;
}

/** 详情: the template with its text and variables. */
export async function getTemplate(db: DbOrTx, principal: Principal, id: number): Promise<AgreementTemplate> {
  const row = await templateRow(db, principal, id);
  return { ...toRow(row), content: row.content };
}

/** 协议内容 by id. */
export async function templateContent(db: DbOrTx, principal: Principal, id: number) {
  const row = await templateRow(db, principal, id);
  return { agreementName: row.agreementName, content: row.content };
}

/** 保存: a new template, or a change to one nobody has signed yet. */
export async function saveTemplate(
  services: Services,
  principal: Principal,
  input: SaveInput,
  actor: AuditActor,
): Promise<{ id: number }> {
  const db = services.ctx.db;
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  const content = sanitizeAgreementHtml(input.content);
  const text = agreementText(content);
  if (!text.trim()) throw fail.validation(AGREEMENT_TEMPLATE_MSG.contentRequired);
  const marksError = agreementMarksError(countAgreementMarks(content), 'template');
  if (marksError) throw fail.validation(marksError);
  await services.sensitiveWords.assertClean(`${input.agreementName}\n${text}`);
  const values = { contractName: input.agreementName, content, params: input.params, updatedAt: new Date() };

  if (input.id) {
    const before = await templateRow(db, principal, input.id, true);
    if (before.enterpriseId !== enterprise.id) throw fail.notFound(AGREEMENT_TEMPLATE_MSG.notFound);
    const [signed] = await db
      .select({ count: count() })
      .from(personAgreements)
      .where(and(eq(personAgreements.contractId, before.id), isNotNull(personAgreements.signedAt)));
    if (signed.count > 0) throw fail.rule(AGREEMENT_TEMPLATE_MSG.signedAlready);
    await db.update(contracts).set(values).where(eq(contracts.id, before.id));
    await writeAudit(db, actor, {
      action: 'agreementTemplate.update',
      targetType: 'contract',
      targetId: before.id,
      before: { agreementName: before.agreementName, params: before.params },
      after: { agreementName: values.contractName, params: values.params },
    });
    return { id: before.id };
  }

  const [created] = await db
    .insert(contracts)
    .values({
      ...values,
      tenantId: enterprise.tenantId,
      enterpriseId: enterprise.id,
      type: PROJECT_AGREEMENT,
      contractSn: provisionalNumber(),
    })
    .returning({ id: contracts.id });
  // the agreement number: XM, the enterprise and the row's id (unique without a counter to race on)
  await db
    .update(contracts)
    .set({ contractSn: sql`'XM' || ${enterprise.id}::text || lpad(${contracts.id}::text, 8, '0')` })
    .where(eq(contracts.id, created.id));
  await writeAudit(db, actor, {
    action: 'agreementTemplate.create',
    targetType: 'contract',
    targetId: created.id,
    after: { agreementName: values.contractName, params: values.params, enterpriseId: enterprise.id },
  });
  return created;
}
