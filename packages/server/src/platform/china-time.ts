/**
 * Times as the console shows them: China Standard Time, UTC+8 all year (China has kept no daylight
 * saving since 1991), whatever the server's zone. Plain arithmetic: exports format one per cell.
 */
const CHINA_OFFSET_MS = 8 * 3_600_000;

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** 2026-11-21 22:30:05 */
export function chinaDateTime(date: Date): string {
  const china = new Date(date.getTime() + CHINA_OFFSET_MS);
  return `${china.getUTCFullYear()}-${pad2(china.getUTCMonth() + 1)}-${pad2(china.getUTCDate())} ${pad2(
    china.getUTCHours(),
  )}:${pad2(china.getUTCMinutes())}:${pad2(china.getUTCSeconds())}`;
}

/** 20261121223005, for file names */
export const chinaTimestamp = (date: Date): string => chinaDateTime(date).replace(/\D/g, '');

/** 261121: the China calendar day in document numbers (JS26112100000001, FP…). */
export const chinaDay = (date: Date): string => chinaDateTime(date).slice(2, 10).replaceAll('-', '');

/** 2026-11: the China calendar month holding `date`. */
export const chinaMonth = (date: Date): string => chinaDateTime(date).slice(0, 7);

/** The first instant (China midnight) of the China calendar day holding `date`. */
export function chinaDayStart(date: Date): Date {
  const day = 86_400_000;
  return new Date(Math.floor((date.getTime() + CHINA_OFFSET_MS) / day) * day - CHINA_OFFSET_MS);
}

/** The first instant of the China calendar month holding `date`. */
export function chinaMonthStart(date: Date): Date {
  const china = new Date(date.getTime() + CHINA_OFFSET_MS);
  return new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), 1) - CHINA_OFFSET_MS);
}

/** The instants a China calendar month 'yyyy-MM' spans: [start, end). */
export function chinaMonthBounds(month: string): { start: Date; end: Date } {
  const [year, monthNo] = month.split('-').map(Number);
  return {
    start: new Date(Date.UTC(year, monthNo - 1, 1) - CHINA_OFFSET_MS),
    end: new Date(Date.UTC(year, monthNo, 1) - CHINA_OFFSET_MS),
  };
}
