/**
 * 个人协议 (spec 3 §2 "Personal agreement list", §7 "Personal agreements"; decision 0034): the
 * agreements natural persons signed, searched across the platforms in scope (an enterprise: its own
 * project agreements), and each signed one as its contract PDF, drawn from the agreement's text and
 * the signing facts whenever it is asked for.
 */
import {
  maskIdCard,
  maskPhone,
  MSG,
  type Page,
  PERSON_AGREEMENT_TYPES,
  PERSONAL_AGREEMENT_MSG,
  PERSONAL_CONTRACT_FILE_PATH,
  type PersonalAgreementRecord,
  type personalAgreementListOperation,
  type personalContractQuerySchema,
  type TemplateVariableKey,
} from '@fieldpay/domain';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, equalsIfGiven, tenantScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { contracts, enterprises, personAgreements, persons, projects, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaDateTime } from '../../platform/china-time';
import { contains } from '../../platform/lookups/query';
import { renderPdf } from '../../platform/pdf';
import { agreementParagraphs, isAgreementHtml } from './agreement-html';

type ListQuery = z.output<(typeof personalAgreementListOperation)['input']>;
type ContractQuery = z.output<typeof personalContractQuerySchema>;

/** Platform staff: their platform's (the operator: every platform's); an enterprise: its own project agreements. */
function agreementScope(principal: Principal, askedTenantId?: number): SQL | undefined {
  return principal.side === 'enterprise'
    ? enterpriseScope(principal, personAgreements.tenantId, personAgreements.enterpriseId, askedTenantId)
    : tenantScope(principal, personAgreements.tenantId, askedTenantId);
}

/** The project that uses the agreement (the first, should several share it). */
const projectNameSql = sql<string | null>`(select ${projects.projectName} from ${projects}
  where ${projects.tenantId} = ${personAgreements.tenantId} and ${projects.projectAgreementId} = ${personAgreements.contractId}
  order by ${projects.id} limit 1)`;

const ORDER_COLUMNS = {
  contractStartDate: personAgreements.signedAt,
  createTime: personAgreements.createdAt,
} as const;

/** GET list: newest first, or by signing or creation time. */
export async function listPersonalAgreements(
  db: DbOrTx,
  principal: Principal,
  query: ListQuery,
): Promise<Page<PersonalAgreementRecord>> {
  const where = and(
    agreementScope(principal, query.tenantId),
    contains(personAgreements.contractSn, query.contractSn),
    contains(persons.name, query.userName),
    equalsIfGiven(personAgreements.enterpriseId, query.enterpriseId),
    equalsIfGiven(personAgreements.personId, query.userId),
    equalsIfGiven(contracts.type, query.agreementType),
    query.projectId
      ? inArray(
          personAgreements.contractId,
          db
            .select({ id: sql<number>`${projects.projectAgreementId}` })
            .from(projects)
            .where(eq(projects.id, query.projectId)),
        )
      : undefined,
    query.startSignTime ? gte(personAgreements.signedAt, query.startSignTime) : undefined,
    query.endSignTime ? lte(personAgreements.signedAt, query.endSignTime) : undefined,
    query.startTime ? gte(personAgreements.createdAt, query.startTime) : undefined,
    query.endTime ? lte(personAgreements.createdAt, query.endTime) : undefined,
  );
  const direction = query.orderSort === 0 ? 'asc' : 'desc';
  return paged(db, query, {
    from: sql`${personAgreements} inner join ${contracts} on ${eq(contracts.id, personAgreements.contractId)}
      inner join ${persons} on ${eq(persons.id, personAgreements.personId)}`,
    where,
    key: personAgreements.id,
    orderBy: query.orderField
      ? [
          [ORDER_COLUMNS[query.orderField], direction],
          [personAgreements.id, direction],
        ]
      : [[personAgreements.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: personAgreements.id,
          contractSn: personAgreements.contractSn,
          agreementType: contracts.type,
          contractName: contracts.contractName,
          userId: persons.id,
          userName: persons.name,
          phone: persons.phone,
          idCard: persons.idCard,
          projectName: projectNameSql,
          tenantId: personAgreements.tenantId,
          tenantName: tenants.name,
          enterpriseName: enterprises.name,
          signedAt: personAgreements.signedAt,
          createdAt: personAgreements.createdAt,
          ...page.columns,
        })
        .from(personAgreements)
        .innerJoin(contracts, eq(contracts.id, personAgreements.contractId))
        .innerJoin(persons, eq(persons.id, personAgreements.personId))
        .innerJoin(tenants, eq(tenants.id, personAgreements.tenantId))
        .leftJoin(enterprises, eq(enterprises.id, personAgreements.enterpriseId))
        .where(inArray(personAgreements.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.id,
      contractSn: row.contractSn,
      agreementType: row.agreementType,
      contractName: row.contractName,
      userId: row.userId,
      userName: row.userName,
      phone: maskPhone(row.phone),
      idCard: row.idCard ? maskIdCard(row.idCard) : '',
      projectName: row.projectName ?? '',
      tenantId: row.tenantId,
      tenantName: row.tenantName,
      enterpriseName: row.enterpriseName ?? '',
      signStatus: row.signedAt ? 1 : 0,
      contractStartDate: row.signedAt?.getTime() ?? null,
      createTime: row.createdAt.getTime(),
    }),
  });
}

/** The person's agreement of that number, in scope, with what its contract shows. */
async function agreementIn(db: DbOrTx, principal: Principal, query: ContractQuery) {
  const [row] = await db
    .select({
      contractSn: personAgreements.contractSn,
      signedAt: personAgreements.signedAt,
      agreementType: contracts.type,
      contractName: contracts.contractName,
      content: contracts.content,
      personName: persons.name,
      phone: persons.phone,
      idCard: persons.idCard,
      tenantName: tenants.name,
      enterpriseName: enterprises.name,
      projectName: projectNameSql,
    })
    .from(personAgreements)
    .innerJoin(contracts, eq(contracts.id, personAgreements.contractId))
    .innerJoin(persons, eq(persons.id, personAgreements.personId))
    .innerJoin(tenants, eq(tenants.id, personAgreements.tenantId))
    .leftJoin(enterprises, eq(enterprises.id, personAgreements.enterpriseId))
    .where(
      and(
        agreementScope(principal),
        eq(personAgreements.contractSn, query.contractSn),
        eq(personAgreements.personId, query.userId),
      ),
    )
    .limit(1);
  if (!row) throw fail.notFound(PERSONAL_AGREEMENT_MSG.notFound);
  return row;
}

/** GET contractAddress: where the signed contract is downloaded from; '' while the person has not signed. */
export async function personalContractAddress(db: DbOrTx, principal: Principal, query: ContractQuery): Promise<string> {
  const agreement = await agreementIn(db, principal, query);
  if (!agreement.signedAt) return '';
  const search = new URLSearchParams({ contractSn: agreement.contractSn, userId: String(query.userId) });
  return `${PERSONAL_CONTRACT_FILE_PATH}?${search}`;
}

type SignedAgreement = Awaited<ReturnType<typeof agreementIn>>;

/**
 * The contract's clauses: a template's HTML with its variables filled from the signer and the project
 * and its signature field as the person's electronic signature (decision 0041), or plain clauses.
 */
function contractParagraphs(agreement: SignedAgreement, signedAt: string, firstParty: string): string[] {
  if (!isAgreementHtml(agreement.content)) return agreement.content.split('\n').filter((line) => line.trim() !== '');
  const values: Record<TemplateVariableKey, string> = {
    userName: agreement.personName,
    idCard: agreement.idCard ? maskIdCard(agreement.idCard) : '未认证',
    phone: maskPhone(agreement.phone),
    enterpriseName: firstParty,
    projectName: agreement.projectName ?? '',
    signDate: signedAt.slice(0, 10),
  };
  return agreementParagraphs(agreement.content, (type, key, label) => {
    if (type === 'signature') return `【签名：${agreement.personName}（${signedAt} 电子签名）】`;
    if (type === 'variable') return values[key as TemplateVariableKey] ?? label;
    return label;
  });
}

/**
 * The signed contract as a PDF: the parties, the agreement's text and the signature. Drawn with the
 * signing time as its date, so the same agreement gives the same document every time. The person's
 * phone and ID number stay masked: the file leaves the console.
 */
export async function personalContractPdf(
  db: DbOrTx,
  principal: Principal,
  query: ContractQuery,
): Promise<{ bytes: Buffer; fileName: string }> {
  const agreement = await agreementIn(db, principal, query);
  if (!agreement.signedAt) throw fail.notFound(MSG.noSignedContract);
  const platformAgreement = agreement.agreementType === 1;
  const firstParty = platformAgreement ? agreement.tenantName : (agreement.enterpriseName ?? agreement.tenantName);
  const signedAt = chinaDateTime(agreement.signedAt);
  const bytes = await renderPdf(
    {
      title: agreement.contractName,
      subtitle: `协议编号：${agreement.contractSn}`,
      subject: `${agreement.contractName} ${agreement.contractSn}`,
      footer: `${agreement.tenantName} · ${agreement.contractSn}`,
      sections: [
        {
          title: '签约双方',
          fields: [
            ['甲方', firstParty],
            ['协议类型', PERSON_AGREEMENT_TYPES[agreement.agreementType as 1 | 2] ?? ''],
            ['乙方', agreement.personName],
            ['乙方手机号', maskPhone(agreement.phone)],
            ['乙方身份证号', agreement.idCard ? maskIdCard(agreement.idCard) : '未认证'],
            ...(platformAgreement ? [] : [['项目名称', agreement.projectName ?? ''] as const]),
          ],
        },
        { title: '协议正文', paragraphs: contractParagraphs(agreement, signedAt, firstParty) },
        {
          title: '签署信息',
          fields: [
            ['签署方式', '电子签名'],
            ['乙方签署时间', signedAt],
          ],
        },
      ],
      closing: [`本协议由乙方于 ${signedAt}（北京时间）以电子签名方式签署，自签署之日起生效。`],
    },
    agreement.signedAt,
  );
  return { bytes, fileName: `${agreement.contractName}.pdf` };
}
