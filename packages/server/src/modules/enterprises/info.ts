/**
 * The enterprise info view (decision 0027): the enterprise row with its tags, project count, paying
 * banks and service fee in force and waiting (decision 0035). The platform side sees its tenant's
 * enterprises (the operator all); an enterprise user only its own enterprise on the session's tenant.
 * Contacts, account numbers, the legal person and the ID sides, and the risk fields are masked unless the
 * caller holds 企业脱敏查看 and sends a live desensitization token (the desensitized view, audited). The
 * platform's staff edit the risk fields, the contact phone and the authentication (decision 0038) here.
 */
import {
  DICT_CODES,
  ENTERPRISE_INFO_MSG,
  type EnterpriseInfo,
  type enterpriseContactInputSchema,
  type enterpriseLimitInputSchema,
  type enterpriseAuthInputSchema,
  IMAGE_EXTENSIONS,
  MASKED_IMAGE,
  MASKED_RISK_VALUE,
  feeSettingOf,
  maskAccountNo,
  maskEmail,
  maskIdCard,
  maskName,
  maskPhone,
} from '@fieldpay/domain';
import { and, count, eq, or } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { equalsIfGiven, tenantScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { dictItems, enterprises, projects, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { listPayBanks } from '../finance/pay-banks';
import { configOf, feeSettings } from '../settlements/fees';
import { enterpriseInScope, tellPlatformOfOwnChange } from './service';
import { tagsOf } from './tags';

/**
 * Whether the caller asks for the desensitized view with a live token (refused when dead), and may:
 * 企业脱敏查看 is needed to use it, or on the enterprise side 本企业脱敏查看 (its own details, decision 0043).
 */
export async function enterpriseUnmasked(
  services: Services,
  principal: Principal,
  token: string | string[] | undefined,
): Promise<boolean> {
  const unmasked = await services.desensitization.unmaskRequested(principal, token);
  const code =
    principal.side === 'enterprise'
      ? 'enterpriseAccount:info:desensitization'
      : 'enterpriseAccountManage:info:desensitization';
  if (unmasked && !(await services.access.hasPermission(principal, code))) {
    throw fail.forbidden();
  }
  return unmasked;
}

export async function enterpriseInfo(
  services: Services,
  principal: Principal,
  input: { id: number; tenantId?: number; tempToken?: string },
  unmaskHeader: string | string[] | undefined,
  actor: AuditActor,
): Promise<EnterpriseInfo> {
  const db = services.ctx.db;
  const unmasked = await enterpriseUnmasked(services, principal, input.tempToken || unmaskHeader);
  const scope =
    principal.side === 'enterprise'
      ? and(eq(enterprises.tenantId, principal.tenantId), eq(enterprises.id, principal.enterpriseId ?? -1))
      : tenantScope(principal, enterprises.tenantId);
  const [row] = await db
    .select({ enterprise: enterprises, tenantName: tenants.name })
    .from(enterprises)
    .innerJoin(tenants, eq(tenants.id, enterprises.tenantId))
    .where(and(eq(enterprises.id, input.id), scope, equalsIfGiven(enterprises.tenantId, input.tenantId)));
  if (!row) throw fail.notFound(ENTERPRISE_INFO_MSG.notFound);
  const { enterprise } = row;
  const owner = { tenantId: enterprise.tenantId, enterpriseId: enterprise.id };
  const [projectCount] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.tenantId, owner.tenantId), eq(projects.enterpriseId, owner.enterpriseId)));
  const banks = await listPayBanks(db, principal, owner);
  const { inForce, waiting } = await feeSettings(db, owner, new Date());
  const risk = await riskTitles(db, enterprise);
  const enterpriseTagList = await tagsOf(db, owner);
  if (unmasked) {
    await writeAudit(db, actor, { action: 'enterprise.unmask', targetType: 'enterprise', targetId: enterprise.id });
  }
  const shown = (value: string, mask: (value: string) => string) => (!value || unmasked ? value : mask(value));
  const masked = () => MASKED_RISK_VALUE;
  return {
    id: enterprise.id,
    tenantId: enterprise.tenantId,
    tenantName: row.tenantName,
    enterpriseSn: enterprise.enterpriseSn,
    name: enterprise.name,
    taxNumber: enterprise.taxNumber,
    address: enterprise.address,
    contactPhone: shown(enterprise.contactPhone, maskPhone),
    contactEmail: shown(enterprise.contactEmail, maskEmail),
    orgCodeTxt: enterprise.orgCodeTxt ?? '',
    status: enterprise.status,
    createTime: enterprise.createdAt.getTime(),
    projectCount: projectCount?.n ?? 0,
    unmasked,
    tags: enterpriseTagList,
    idName: shown(enterprise.legalPersonName, maskName),
    idCard: shown(enterprise.legalPersonIdCard, maskIdCard),
    license: enterprise.license,
    logo: enterprise.logo ?? '',
    idCardFront: unmasked || !enterprise.idCardFront ? enterprise.idCardFront : MASKED_IMAGE,
    idCardBack: unmasked || !enterprise.idCardBack ? enterprise.idCardBack : MASKED_IMAGE,
    registeredCapital: shown(enterprise.registeredCapital, masked),
    manageStatus: unmasked ? enterprise.manageStatus : '',
    manageStatus_dictText: shown(risk.manageStatus, masked),
    cases: unmasked ? enterprise.cases : '',
    cases_dictText: shown(risk.cases, masked),
    payVos: banks.map((bank) => ({
      id: bank.id,
      bankName: bank.bankName,
      accountName: bank.enterpriseName,
      bankAccount: shown(bank.bankAccount, maskAccountNo),
    })),
    fee: inForce ? { ...feeSettingOf(configOf(inForce)), updateTime: inForce.updatedAt.getTime() } : null,
    pendingFee: waiting ? { ...feeSettingOf(configOf(waiting)), effectiveTime: waiting.effectiveFrom.getTime() } : null,
  };
}

/** The dictionary titles of the enterprise's 经营状态 and 涉诉情况 ('' when not set). */
async function riskTitles(db: DbOrTx, enterprise: { manageStatus: string; cases: string }) {
  const wanted = [
    { dictCode: DICT_CODES.manageStatus, value: enterprise.manageStatus },
    { dictCode: DICT_CODES.cases, value: enterprise.cases },
  ].filter((item) => item.value !== '');
  const rows = wanted.length
    ? await db
        .select({ dictCode: dictItems.dictCode, value: dictItems.value, title: dictItems.title })
        .from(dictItems)
        .where(or(...wanted.map((item) => and(eq(dictItems.dictCode, item.dictCode), eq(dictItems.value, item.value)))))
    : [];
  const title = (dictCode: string, value: string) =>
    value === '' ? '' : (rows.find((row) => row.dictCode === dictCode && row.value === value)?.title ?? value);
  return {
    manageStatus: title(DICT_CODES.manageStatus, enterprise.manageStatus),
    cases: title(DICT_CODES.cases, enterprise.cases),
  };
}

/**
 * POST editLimit (spec 3 §7 "Edit enterprise limit"): the platform's staff set 注册资本, 经营状态 and
 * 涉诉情况 of an enterprise in their scope; each dictionary value must be one of its dictionary's.
 */
export async function editEnterpriseLimit(
  db: DbOrTx,
  principal: Principal,
  input: z.output<typeof enterpriseLimitInputSchema>,
  actor: AuditActor,
): Promise<null> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  for (const [dictCode, value, message] of [
    [DICT_CODES.manageStatus, input.manageStatus, ENTERPRISE_INFO_MSG.manageStatusUnknown],
    [DICT_CODES.cases, input.cases, ENTERPRISE_INFO_MSG.casesUnknown],
  ] as const) {
    if (value === '') continue;
    const [known] = await db
      .select({ value: dictItems.value })
      .from(dictItems)
      .where(and(eq(dictItems.dictCode, dictCode), eq(dictItems.value, value)));
    if (!known) throw fail.validation(message);
  }
  const after = { registeredCapital: input.registeredCapital, manageStatus: input.manageStatus, cases: input.cases };
  await updateAudited(db, enterprise, 'enterprise.limit', after, actor);
  return null;
}

/** POST editResource: the platform's staff change the contact phone of an enterprise in their scope (audited). */
export async function editEnterpriseContact(
  db: DbOrTx,
  principal: Principal,
  input: z.output<typeof enterpriseContactInputSchema>,
  actor: AuditActor,
): Promise<null> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  await updateAudited(db, enterprise, 'enterprise.contact', { contactPhone: input.contactPhone }, actor);
  return null;
}

type EnterpriseTextColumn =
  | 'name'
  | 'address'
  | 'registeredCapital'
  | 'manageStatus'
  | 'cases'
  | 'contactPhone'
  | 'legalPersonName'
  | 'legalPersonIdCard'
  | 'license'
  | 'idCardFront'
  | 'idCardBack'
  | 'logo';

/** Sets some columns of the enterprise row and audits them with what they held before. */
async function updateAudited<K extends EnterpriseTextColumn>(
  db: DbOrTx,
  enterprise: { tenantId: number; id: number },
  action: string,
  after: Record<K, string>,
  actor: AuditActor,
): Promise<void> {
  const where = and(eq(enterprises.tenantId, enterprise.tenantId), eq(enterprises.id, enterprise.id));
  const columns = Object.fromEntries(Object.keys(after).map((key) => [key, enterprises[key as K]])) as Record<
    K,
    (typeof enterprises)[K]
  >;
  const [before] = await db.select(columns).from(enterprises).where(where);
  await db.update(enterprises).set(after).where(where);
  await writeAudit(db, actor, { action, targetType: 'enterprise', targetId: enterprise.id, before, after });
}

/**
 * 修改认证信息 (decision 0038): the platform's staff, or the enterprise itself on 账户信息 (decision 0043),
 * change the enterprise's name, address, legal person and pictures. Each picture must be an image of the
 * enterprise's platform the caller may read.
 */
export async function modifyEnterpriseAuth(
  services: Services,
  principal: Principal,
  input: z.output<typeof enterpriseAuthInputSchema>,
  actor: AuditActor,
): Promise<null> {
  const db = services.ctx.db;
  const enterprise = await enterpriseInScope(db, principal, input.id, input.tenantId, { lock: true });
  const pictures = [input.license, input.idCardFront, input.idCardBack, input.logo].filter(Boolean);
  for (const address of pictures) {
    const file = await services.files.attachable(principal, address, {
      tenantId: enterprise.tenantId,
      extensions: IMAGE_EXTENSIONS,
    });
    if (!file) throw fail.validation(ENTERPRISE_INFO_MSG.imageInvalid);
  }
  const after = {
    name: input.enterpriseName,
    address: input.address,
    legalPersonName: input.name,
    legalPersonIdCard: input.idCard,
    license: input.license,
    idCardFront: input.idCardFront,
    idCardBack: input.idCardBack,
    logo: input.logo,
  };
  await updateAudited(db, enterprise, 'enterprise.auth', after, actor);
  await tellPlatformOfOwnChange(db, principal, { ...enterprise, name: input.enterpriseName }, '修改了认证信息');
  return null;
}
