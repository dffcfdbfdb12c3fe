/**
 * An enterprise's service-fee settings (decisions 0019, 0035). Each setting takes effect at its
 * `effective_from`: the one in force at a moment is the latest that has begun; one set for next month
 * waits, and a newer decision replaces a waiting one. The settlement prices its lines with the setting
 * in force when it is created; none: the platform default.
 */
import {
  ApiCode,
  type CurrentFee,
  currentFeeOperation,
  DEFAULT_FEE_CONFIG,
  FEE_CHANGE_MSG,
  type FeeConfig,
  feeConfigFromSetting,
  feeConfigProblem,
  feeOrderedOperation,
  feeSettingOf,
  type saveFeeInputSchema,
  saveFeeOperation,
} from '@fieldpay/domain';
import { and, desc, eq, gt, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { registerOperation } from '../../http/operation';
import { actorOf, principalOf } from '../../platform/auth/guards';
import type { RouteDeps } from '../../platform/modules';
import { enterpriseFeeConfigs, settlements, users } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { chinaMonth, chinaMonthBounds, chinaMonthStart } from '../../platform/china-time';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { enterpriseInScope } from '../enterprises/service';

type Owner = { tenantId: number; enterpriseId: number };
type FeeRow = typeof enterpriseFeeConfigs.$inferSelect;

const ofOwner = (owner: Owner) =>
  and(eq(enterpriseFeeConfigs.tenantId, owner.tenantId), eq(enterpriseFeeConfigs.enterpriseId, owner.enterpriseId));

/** A stored setting as the engine's configuration. */
export const configOf = (row: FeeRow): FeeConfig => ({ base: row.base as FeeConfig['base'], tiers: row.tiers });

/** The setting in force at `at` and the one waiting after it, if any. */
export async function feeSettings(db: DbOrTx, owner: Owner, at: Date) {
  const [inForce] = await db
    .select()
    .from(enterpriseFeeConfigs)
    .where(and(ofOwner(owner), lte(enterpriseFeeConfigs.effectiveFrom, at)))
    .orderBy(desc(enterpriseFeeConfigs.effectiveFrom), desc(enterpriseFeeConfigs.id))
    .limit(1);
  const [waiting] = await db
    .select()
    .from(enterpriseFeeConfigs)
    .where(and(ofOwner(owner), gt(enterpriseFeeConfigs.effectiveFrom, at)))
    .orderBy(desc(enterpriseFeeConfigs.id))
    .limit(1);
  return { inForce: inForce ?? null, waiting: waiting ?? null };
}

/** The configuration a settlement created at `at` prices its lines with. */
export async function feeConfigAt(db: DbOrTx, owner: Owner, at: Date): Promise<FeeConfig> {
  const { inForce } = await feeSettings(db, owner, at);
  return inForce ? configOf(inForce) : DEFAULT_FEE_CONFIG;
}

/**
 * Records a setting from `effectiveFrom` (now: at once). A waiting setting is replaced: the newest
 * decision stands, whether it takes effect now or next month.
 */
export async function setFeeConfig(
  db: DbOrTx,
  owner: Owner,
  config: FeeConfig,
  actor: AuditActor,
  now = new Date(),
  effectiveFrom = now,
): Promise<void> {
  const problem = feeConfigProblem(config);
  if (problem) throw fail.validation(problem);
  const before = await feeSettings(db, owner, now);
  await db.delete(enterpriseFeeConfigs).where(and(ofOwner(owner), gt(enterpriseFeeConfigs.effectiveFrom, now)));
  await db.insert(enterpriseFeeConfigs).values({
    ...owner,
    base: config.base,
    tiers: config.tiers,
    effectiveFrom,
    updatedBy: actor.userId,
    updatedAt: now,
  });
  await writeAudit(db, actor, {
    action: 'settlement.feeConfig',
    targetType: 'enterprise',
    targetId: owner.enterpriseId,
    before: {
      inForce: before.inForce && configOf(before.inForce),
      waiting: before.waiting && { ...configOf(before.waiting), effectiveFrom: before.waiting.effectiveFrom },
    },
    after: { ...config, effectiveFrom },
  });
}

/** Whether the enterprise has a settlement generated since this China month began. */
export async function orderedThisMonth(db: DbOrTx, owner: Owner, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: settlements.id })
    .from(settlements)
    .where(
      and(
        eq(settlements.tenantId, owner.tenantId),
        eq(settlements.enterpriseId, owner.enterpriseId),
        gte(settlements.createdAt, chinaMonthStart(now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function ownerInScope(db: DbOrTx, principal: Principal, input: { enterpriseId: number; tenantId: number }) {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId);
  return { tenantId: enterprise.tenantId, enterpriseId: enterprise.id };
}

/** GET fee/ordered: the dialog offers 立即生效 only when this is false. */
export async function feeOrdered(db: DbOrTx, principal: Principal, input: { enterpriseId: number; tenantId: number }) {
  const owner = await ownerInScope(db, principal, input);
  return { ordered: await orderedThisMonth(db, owner, new Date()) };
}

/** GET fee/current: the waiting setting when there is one, else the one in force; none: code 10013. */
export async function currentFee(
  db: DbOrTx,
  principal: Principal,
  input: { enterpriseId: number; tenantId: number },
): Promise<CurrentFee> {
  const owner = await ownerInScope(db, principal, input);
  const { inForce, waiting } = await feeSettings(db, owner, new Date());
  const row = waiting ?? inForce;
  if (!row) throw fail.notFound(FEE_CHANGE_MSG.missing, ApiCode.feeMissing);
  const [setter] = row.updatedBy
    ? await db.select({ name: users.realname }).from(users).where(eq(users.id, row.updatedBy))
    : [];
  return {
    ...feeSettingOf(configOf(row)),
    executeType: row === waiting ? 2 : 1,
    effectiveTime: row.effectiveFrom.getTime(),
    updateTime: row.updatedAt.getTime(),
    updateBy: setter?.name ?? '',
  };
}

/**
 * POST fee/save. The enterprise's row is locked first, so two saves run one after the other (the
 * second one's decision stands). At once is refused when a settlement was generated this month.
 */
export async function saveFee(
  db: DbOrTx,
  principal: Principal,
  input: z.output<typeof saveFeeInputSchema>,
  actor: AuditActor,
): Promise<{ executeType: number; effectiveTime: number }> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  const owner = { tenantId: enterprise.tenantId, enterpriseId: enterprise.id };
  const now = new Date();
  if (input.executeType === 1 && (await orderedThisMonth(db, owner, now))) {
    throw fail.rule(FEE_CHANGE_MSG.orderedThisMonth);
  }
  const effectiveFrom = input.executeType === 1 ? now : chinaMonthBounds(chinaMonth(now)).end;
  await setFeeConfig(db, owner, feeConfigFromSetting(input), actor, now, effectiveFrom);
  return { executeType: input.executeType, effectiveTime: effectiveFrom.getTime() };
}

/** The fee change dialog's calls (spec 3 §7 "Enterprises": ordered-this-month check, fee query, save). */
export function registerFeeRoutes({ app, services }: RouteDeps): void {
  const db = () => services.ctx.db;
  registerOperation(app, feeOrderedOperation, (input, request) => feeOrdered(db(), principalOf(request), input));
  registerOperation(app, currentFeeOperation, (input, request) => currentFee(db(), principalOf(request), input));
  registerOperation(
    app,
    saveFeeOperation,
    (input, request) => saveFee(db(), principalOf(request), input, actorOf(request)),
    { message: ({ executeType }) => (executeType === 1 ? FEE_CHANGE_MSG.savedNow : FEE_CHANGE_MSG.savedNextMonth) },
  );
}
