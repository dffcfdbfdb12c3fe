/**
 * Money in integer fen (DESIGN §4): parsed from decimal text digit by digit, never by multiplying a
 * float, and shown in yuan only at the edges. Rates are integer basis points (1 bp = 0.01 %).
 */

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Fixed-point text with at most `scale` decimals as an integer of 10^-scale units, or null. */
function parseFixedPoint(text: string, scale: number): number | null {
  const match = DECIMAL_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) return null;
  const units = Number(whole + fraction.padEnd(scale, '0'));
  if (!Number.isSafeInteger(units)) return null;
  return sign === '-' && units !== 0 ? -units : units;
}

function numberToText(value: number): string | null {
  // String(1e21) is exponent notation; such values are far beyond any amount anyway.
  return Number.isFinite(value) && !/e/i.test(String(value)) ? String(value) : null;
}

/** Yuan as text ('1234.5', '-0.05') or number to fen; null when not a yuan amount with at most 2 decimals. */
export function parseYuanToFen(yuan: string | number): number | null {
  const text = typeof yuan === 'number' ? numberToText(yuan) : yuan;
  return text === null ? null : parseFixedPoint(text, 2);
}

/** Yuan to fen, exactly; throws RangeError for anything that is not yuan with at most 2 decimals. */
export function yuanToFen(yuan: string | number): number {
  const fen = parseYuanToFen(yuan);
  if (fen === null) throw new RangeError(`not a yuan amount with at most 2 decimals: ${String(yuan)}`);
  return fen;
}

function assertSafeInteger(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`expected a safe integer, got ${value}`);
}

/** An integer of hundredths (fen, basis points) split into sign, whole part and two decimals. */
function splitHundredths(hundredths: number): { negative: boolean; whole: string; decimals: string } {
  assertSafeInteger(hundredths);
  const absolute = Math.abs(hundredths);
  return {
    negative: hundredths < 0,
    whole: String(Math.floor(absolute / 100)),
    decimals: String(absolute % 100).padStart(2, '0'),
  };
}

function hundredthsToText(hundredths: number): string {
  const { negative, whole, decimals } = splitHundredths(hundredths);
  return `${negative ? '-' : ''}${whole}.${decimals}`;
}

/** Fen to yuan text with two decimals: 123450 -> '1234.50', -5 -> '-0.05'. */
export function fenToYuan(fen: number): string {
  return hundredthsToText(fen);
}

/** Fen for display: '¥1,234.50', negatives '-¥1,234.50' (the sign before the currency, as zh-CN writes it). */
export function formatYuan(fen: number): string {
  const { negative, whole, decimals } = splitHundredths(fen);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}¥${grouped}.${decimals}`;
}

/** An API amount (yuan text with two decimals) for display: '1234.5' -> '¥1,234.50'. */
export function formatYuanText(yuan: string): string {
  return formatYuan(parseYuanToFen(yuan) ?? 0);
}

/** Sum of fen amounts; throws RangeError on a non-integer or when the total leaves the safe integers. */
export function sumFen(amounts: readonly number[]): number {
  let total = 0;
  for (const fen of amounts) {
    assertSafeInteger(fen);
    total += fen;
    assertSafeInteger(total);
  }
  return total;
}

// ---- fee rates

/** Percent text ('6.5' meaning 6.5 %) to basis points (650); null when more than 2 decimals or not a number. */
export function parsePercentToBasisPoints(percent: string | number): number | null {
  const text = typeof percent === 'number' ? numberToText(percent) : percent;
  return text === null ? null : parseFixedPoint(text, 2);
}

/** Basis points as percent text with two decimals: 650 -> '6.50'. */
export function basisPointsToPercent(basisPoints: number): string {
  return hundredthsToText(basisPoints);
}

/** Basis points for display: 650 -> '6.50%'. */
export function formatPercent(basisPoints: number): string {
  return `${basisPointsToPercent(basisPoints)}%`;
}

/**
 * Fee in fen of an amount at a rate, rounded half away from zero (四舍五入) to whole fen. BigInt keeps
 * amount × rate exact beyond 2^53.
 */
export function feeFen(amountFen: number, rateBasisPoints: number): number {
  assertSafeInteger(amountFen);
  assertSafeInteger(rateBasisPoints);
  const product = BigInt(amountFen) * BigInt(rateBasisPoints);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude + 5_000n) / 10_000n;
  const fee = Number(product < 0n ? -rounded : rounded);
  assertSafeInteger(fee);
  return fee;
}

// ---- amounts in capitals (人民币大写)

const CAPITAL_DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const CAPITAL_PLACES = ['仟', '佰', '拾', ''] as const;

/** 1 to 9999 in capitals: one 零 for a run of zeros inside, none at the end (1010 壹仟零壹拾, 1001 壹仟零壹). */
function sectionToCapital(value: number): string {
  const digits = String(value).padStart(4, '0');
  let text = '';
  let zeroPending = false;
  for (const [index, char] of [...digits].entries()) {
    const digit = Number(char);
    if (digit === 0) {
      zeroPending = text !== '';
      continue;
    }
    if (zeroPending) text += '零';
    zeroPending = false;
    text += CAPITAL_DIGITS[digit] + CAPITAL_PLACES[index];
  }
  return text;
}

/**
 * A positive whole number in capitals by 万 and 亿 sections: a lower part that does not fill its
 * section's top place (or a whole section of zeros between) gets one 零 (壹拾万零壹拾, 壹亿零壹万);
 * beyond 亿 the count of 亿 is itself written by sections (壹万零壹亿).
 */
function integerToCapital(value: number): string {
  if (value >= 1e8) {
    const high = Math.floor(value / 1e8);
    const low = value % 1e8;
    return `${integerToCapital(high)}亿${low === 0 ? '' : (low < 1e7 ? '零' : '') + integerToCapital(low)}`;
  }
  if (value >= 1e4) {
    const high = Math.floor(value / 1e4);
    const low = value % 1e4;
    return `${sectionToCapital(high)}万${low === 0 ? '' : (low < 1e3 ? '零' : '') + sectionToCapital(low)}`;
  }
  return sectionToCapital(value);
}

/**
 * Fen in Chinese financial capitals as a bank receipt writes the amount (人民币大写): 0 零元整,
 * 100 壹元整, 1005 壹拾元零伍分, 12 壹角贰分, 1020 壹拾元贰角, 10001000 壹拾万零壹拾元整. 整 closes an
 * amount without 角 and 分; a 零 stands for a missing 角 before 分 when there are yuan. A negative
 * amount is written with 负 before it.
 */
export function fenToCapital(fen: number): string {
  assertSafeInteger(fen);
  if (fen === 0) return '零元整';
  const absolute = Math.abs(fen);
  const yuan = Math.floor(absolute / 100);
  const jiao = Math.floor((absolute % 100) / 10);
  const fenDigit = absolute % 10;
  let text = yuan > 0 ? `${integerToCapital(yuan)}元` : '';
  if (jiao === 0 && fenDigit === 0) text += '整';
  else {
    if (jiao > 0) text += `${CAPITAL_DIGITS[jiao]}角`;
    else if (yuan > 0) text += '零';
    if (fenDigit > 0) text += `${CAPITAL_DIGITS[fenDigit]}分`;
  }
  return fen < 0 ? `负${text}` : text;
}
