/**
 * The read-only enterprise info view (decision 0027): the enterprise row, its project
 * count, its paying banks and its service fee in force and waiting (decision 0035). The platform side sees its tenant's
 * enterprises (the operator all); an enterprise user only its own enterprise on the session's
 * tenant. Contact phone, e-mail and account numbers are masked.
 */
import {
  ENTERPRISE_INFO_MSG,
  type EnterpriseInfo,
  feeSettingOf,
  maskAccountNo,
  maskEmail,
  maskPhone,
} from '@fieldpay/domain';
import { and, count, eq } from 'drizzle-orm';
import { fail } from '../../core/errors';
import { equalsIfGiven, tenantScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { enterprises, projects, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { listPayBanks } from '../finance/pay-banks';
import { configOf, feeSettings } from '../settlements/fees';

export async function enterpriseInfo(
  db: DbOrTx,
  principal: Principal,
  input: { id: number; tenantId?: number },
): Promise<EnterpriseInfo> {
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
  return {
    id: enterprise.id,
    tenantId: enterprise.tenantId,
    tenantName: row.tenantName,
    enterpriseSn: enterprise.enterpriseSn,
    name: enterprise.name,
    taxNumber: enterprise.taxNumber,
    address: enterprise.address,
    contactPhone: maskPhone(enterprise.contactPhone),
    contactEmail: maskEmail(enterprise.contactEmail),
    orgCodeTxt: enterprise.orgCodeTxt ?? '',
    status: enterprise.status,
    createTime: enterprise.createdAt.getTime(),
    projectCount: projectCount?.n ?? 0,
    payVos: banks.map((bank) => ({
      id: bank.id,
      bankName: bank.bankName,
      accountName: bank.enterpriseName,
      bankAccount: maskAccountNo(bank.bankAccount),
    })),
    fee: inForce ? { ...feeSettingOf(configOf(inForce)), updateTime: inForce.updatedAt.getTime() } : null,
    pendingFee: waiting ? { ...feeSettingOf(configOf(waiting)), effectiveTime: waiting.effectiveFrom.getTime() } : null,
  };
}
