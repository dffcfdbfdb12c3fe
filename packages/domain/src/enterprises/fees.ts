/**
 * 服务费变更 (spec 3 §2 "Enterprise fee change dialog", §4 "Enterprise fee change", §5 "Fee tiers and
 * rates", §7; decision 0035): the platform's staff set an enterprise's service fee, effective at once
 * (1) or from the first day of next month (2, China time). At once is refused once the enterprise has a
 * settlement generated this month: its persons' month-to-date tiers would be priced two ways.
 */
import { z } from 'zod';
import { defineOperation } from '../api/operation';
import { FEE_TIERS } from '../limits';
import { basisPointsToPercent, fenToYuan, parsePercentToBasisPoints } from '../money';
import { DEFAULT_FEE_CONFIG, type FeeConfig } from '../settlements/fees';
import { enterpriseOwnerSchema } from './owner';
import { type FeeTierDraft, feeTierErrors, feeTiersSchema, singleServiceRateSchema } from '../validators';

export const FEE_CHANGE_MSG = {
  /** code 10013: the enterprise has no fee of its own, the platform default applies */
  missing: '该企业暂未配置服务费，当前按平台默认费率计算',
  orderedThisMonth: '该企业本月已生成结算单，服务费只能次月生效',
  savedNow: '服务费已更新，立即生效',
  savedNextMonth: '服务费已保存，将于次月1日生效',
  /** under the tier table: what a month's pay beyond the last cut-off pays */
  beyondLastTier: '个人当月收入超过最后一档截止金额时，按最后一档费率计算',
} as const;

/** A fee as the dialog and the info view show it: yuan and percent text. */
export const feeSettingSchema = z.object({
  /** 0 single rate, 1 personal tiered (FEE_MODES) */
  feeMode: z.number().int(),
  /** 0 by individual net income, 1 by enterprise payable (CHARGING_MODES) */
  chargingMode: z.number().int(),
  /** fee mode 0: the rate in percent; null in fee mode 1 */
  serviceRate: z.string().nullable(),
  /** fee mode 1: the tiers, start and end in whole yuan (end null: no bound), fee in percent */
  feeList: z.array(z.object({ start: z.string(), end: z.string().nullable(), fee: z.string() })),
});
export type FeeSetting = z.infer<typeof feeSettingSchema>;

/** The latest fee set for an enterprise: pending (executeType 2, from effectiveTime) or in force. */
export const currentFeeSchema = feeSettingSchema.extend({
  /** 1 in force (set to take effect at once, or its month has come), 2 waits for effectiveTime */
  executeType: z.number().int(),
  effectiveTime: z.number().int(),
  updateTime: z.number().int(),
  updateBy: z.string(),
});
export type CurrentFee = z.infer<typeof currentFeeSchema>;

export const feeOrderedOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterprise/fee/ordered',
  tag: '企业',
  summary: '企业本月是否已生成结算单（已生成则服务费不可立即生效）',
  access: { permission: 'enterpriseAccountManage:info:modifyAccount' },
  input: enterpriseOwnerSchema,
  answer: z.object({ ordered: z.boolean() }),
});

export const currentFeeOperation = defineOperation({
  method: 'GET',
  path: '/api/sys/enterprise/fee/current',
  tag: '企业',
  summary: '企业当前服务费设置（有待生效的次月设置时为该设置）；未单独配置时 code 10013',
  access: { permission: 'enterpriseAccountManage:info:modifyAccount' },
  input: enterpriseOwnerSchema,
  answer: currentFeeSchema,
});

export const saveFeeInputSchema = z
  .object({
    ...enterpriseOwnerSchema.shape,
    /** 1 立即生效, 2 次月生效 (FEE_EFFECTIVE_TIMINGS) */
    executeType: z.union([z.literal(1), z.literal(2)]),
    feeMode: z.union([z.literal(0), z.literal(1)]),
    chargingMode: z.union([z.literal(0), z.literal(1)]),
    serviceRate: z.string().optional(),
    feeList: z
      .array(z.object({ start: z.string(), end: z.string(), fee: z.string() }))
      .max(FEE_TIERS.maxCount)
      .optional(),
  })
  .superRefine((input, ctx) => {
    const checked =
      input.feeMode === 0
        ? singleServiceRateSchema.safeParse(input.serviceRate ?? '')
        : feeTiersSchema.safeParse(input.feeList ?? []);
    if (checked.success) return;
    const field = input.feeMode === 0 ? 'serviceRate' : 'feeList';
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: [field, ...issue.path] });
    }
  });

export const saveFeeOperation = defineOperation({
  method: 'POST',
  path: '/api/sys/enterprise/fee/save',
  tag: '企业',
  summary: '新增或修改企业服务费（executeType 1 立即生效，本月已生成结算单时不可；2 次月1日生效）',
  access: { permission: 'enterpriseAccountManage:info:modifyAccount' },
  input: saveFeeInputSchema,
  answer: z.object({ executeType: z.number().int(), effectiveTime: z.number().int() }),
});

/** The engine's configuration from a checked form: cut-offs in whole yuan become fen, percent basis points. */
export function feeConfigFromSetting(input: {
  feeMode: 0 | 1;
  chargingMode: 0 | 1;
  serviceRate?: string;
  feeList?: { end: string; fee: string }[];
}): FeeConfig {
  const rate = (percent: string) => {
    const basisPoints = parsePercentToBasisPoints(percent);
    if (basisPoints === null) throw new RangeError(`not a rate: ${percent}`);
    return basisPoints;
  };
  return {
    base: input.chargingMode === 1 ? 'payable' : 'net',
    tiers:
      input.feeMode === 0
        ? [{ upToFen: null, rateBp: rate(input.serviceRate ?? '') }]
        : (input.feeList ?? []).map((tier) => ({ upToFen: Number(tier.end) * 100, rateBp: rate(tier.fee) })),
  };
}

/** A configuration as the console shows it. One unbounded tier is a single rate; anything else is tiered. */
export function feeSettingOf(config: FeeConfig): FeeSetting {
  const single = config.tiers.length === 1 && config.tiers[0].upToFen === null;
  const yuan = (fen: number) => fenToYuan(fen).replace(/\.00$/, '');
  let start = 0;
  return {
    feeMode: single ? 0 : 1,
    chargingMode: config.base === 'payable' ? 1 : 0,
    serviceRate: single ? basisPointsToPercent(config.tiers[0].rateBp) : null,
    feeList: single
      ? []
      : config.tiers.map((tier) => {
          const from = start;
          if (tier.upToFen !== null) start = tier.upToFen;
          return {
            start: yuan(from),
            end: tier.upToFen === null ? null : yuan(tier.upToFen),
            fee: basisPointsToPercent(tier.rateBp),
          };
        }),
  };
}

/** What the dialog edits when the enterprise has no fee of its own: the platform default. */
export const DEFAULT_FEE_SETTING: FeeSetting = feeSettingOf(DEFAULT_FEE_CONFIG);

/**
 * The tiers after the cut-off of tier `index` changed (spec 3 §4): a valid cut-off above its start
 * becomes the next tier's start; an invalid one, or one not above its start, clears every later tier.
 */
export function tiersAfterEndChange<T extends FeeTierDraft>(tiers: readonly T[], index: number): T[] {
  const end = String(tiers[index]?.end ?? '');
  const valid = !feeTierErrors(tiers).some((error) => error.index === index && error.field === 'end');
  return tiers.map((later, position) => {
    if (position <= index) return later;
    if (!valid) return { ...later, start: '', end: '', fee: '' };
    return position === index + 1 ? { ...later, start: end } : later;
  });
}

/** Whether a tier after `index` holds anything typed (deleting `index` then asks first). */
export const laterTiersFilled = (tiers: readonly FeeTierDraft[], index: number): boolean =>
  tiers.slice(index + 1).some((tier) => String(tier.end ?? '') !== '' || String(tier.fee ?? '') !== '');

/**
 * The tiers without tier `index`: the later ones are cleared (their starts hang on the removed
 * cut-off), and the one now following the previous tier starts at its cut-off.
 */
export function tiersWithout<T extends FeeTierDraft>(tiers: readonly T[], index: number): T[] {
  const kept = tiers.filter((_tier, position) => position !== index);
  return kept.map((tier, position) => {
    if (position < index) return tier;
    const start =
      position === 0 ? String(FEE_TIERS.firstStart) : position === index ? String(kept[index - 1]?.end ?? '') : '';
    return { ...tier, start, end: '', fee: '' };
  });
}
