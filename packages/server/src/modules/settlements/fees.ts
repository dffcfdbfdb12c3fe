import { type FeeConfig, feeConfigProblem } from '@fieldpay/domain';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { enterpriseFeeConfigs } from '../../db/schema';
import { type AuditActor, writeAudit } from '../../platform/system/audit';

/**
 * Sets an enterprise's service-fee configuration (decision 0019): a single rate or personal tiers,
 * by the pay or by what the enterprise pays. The fee screens come with the enterprises issue; the
 * settlement reads what is set here, and the platform default when nothing is.
 */
export async function setFeeConfig(
  db: DbOrTx,
  owner: { tenantId: number; enterpriseId: number },
  config: FeeConfig,
  actor: AuditActor,
): Promise<void> {
  const problem = feeConfigProblem(config);
  if (problem) throw fail.validation(problem);
  const now = new Date();
  await db
    .insert(enterpriseFeeConfigs)
    .values({ ...owner, base: config.base, tiers: config.tiers, updatedBy: actor.userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [enterpriseFeeConfigs.tenantId, enterpriseFeeConfigs.enterpriseId],
      set: { base: config.base, tiers: config.tiers, updatedBy: actor.userId, updatedAt: now },
    });
  await writeAudit(db, actor, {
    action: 'settlement.feeConfig',
    targetType: 'enterprise',
    targetId: owner.enterpriseId,
    after: config,
  });
}
