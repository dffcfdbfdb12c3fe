import { mulDivHalfUp } from './tax';

/**
 * The platform's service fee on a settlement line (decision 0019). The input is always the
 * person's pay for the line (the sum of the settled tasks' rewards, fen); the fee is added on top.
 * - base 'net' (按实发金额): the rate applies to the pay: fee = pay x rate.
 * - base 'payable' (按应付金额): the rate applies to what the enterprise pays (pay + fee), so
 *   fee = pay x rate / (1 - rate).
 * A single rate is one tier with no upper bound. Personal tiers choose the rate by the person's
 * pay in the month with this enterprise, this line included; the chosen rate applies to the whole
 * line. Rounded half up to the fen once.
 */
export type FeeBase = 'net' | 'payable';

export interface FeeTier {
  /**
   * the tier holds a month-to-date pay up to this many fen; null: no upper bound. Only the last tier
   * may be unbounded; a pay beyond a bounded last tier still pays the last tier's rate.
   */
  upToFen: number | null;
  rateBp: number;
}

export interface FeeConfig {
  base: FeeBase;
  /** ascending by upToFen */
  tiers: FeeTier[];
}

/** Highest service-fee rate (under 100 %, spec 3 §5's service-rate rule): 'payable' divides by 1 - rate. */
export const MAX_FEE_RATE_BP = 9999;

/** The platform's default for an enterprise with no fee configuration: 6 % of the pay. */
export const DEFAULT_FEE_CONFIG: FeeConfig = { base: 'net', tiers: [{ upToFen: null, rateBp: 600 }] };

/** Why a fee configuration is not usable, or null when it is. */
export function feeConfigProblem(config: FeeConfig): string | null {
  if (config.tiers.length === 0) return '请至少配置一档服务费率';
  for (const [index, tier] of config.tiers.entries()) {
    if (!Number.isInteger(tier.rateBp) || tier.rateBp < 0 || tier.rateBp > MAX_FEE_RATE_BP) {
      return '服务费率须不小于0%且小于100%';
    }
    const last = index === config.tiers.length - 1;
    if (!last && tier.upToFen === null) return '只有最后一档可不设上限';
    const previous = index > 0 ? config.tiers[index - 1].upToFen : 0;
    if (tier.upToFen !== null && (!Number.isSafeInteger(tier.upToFen) || tier.upToFen <= (previous ?? 0))) {
      return '各档上限须逐档递增';
    }
  }
  return null;
}

/** The rate for a person whose month-to-date pay, this line included, is `monthToDatePay` fen. */
export function feeRateFor(config: FeeConfig, monthToDatePay: number): number {
  const tier = config.tiers.find((candidate) => candidate.upToFen === null || monthToDatePay <= candidate.upToFen);
  return (tier ?? config.tiers[config.tiers.length - 1]).rateBp;
}

export interface LineFee {
  pay: number;
  rateBp: number;
  fee: number;
  /** what the enterprise pays for the line: pay + fee */
  amount: number;
}

/** The fee of one line: `pay` fen now, `earlierPay` fen already settled this month to the person. */
export function lineFee(config: FeeConfig, pay: number, earlierPay = 0): LineFee {
  const problem = feeConfigProblem(config);
  if (problem) throw new RangeError(problem);
  if (!Number.isSafeInteger(pay) || pay < 0 || !Number.isSafeInteger(earlierPay) || earlierPay < 0) {
    throw new RangeError('pay must be non-negative integer fen');
  }
  const rateBp = feeRateFor(config, earlierPay + pay);
  const fee = config.base === 'net' ? mulDivHalfUp(pay, rateBp, 10_000) : mulDivHalfUp(pay, rateBp, 10_000 - rateBp);
  return { pay, rateBp, fee, amount: pay + fee };
}
