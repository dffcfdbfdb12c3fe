/**
 * China Standard Time (UTC+8, no daylight saving) for what the console shows and what its filters
 * mean, whatever the browser's or the server's own time zone.
 */
const CHINA_OFFSET_MS = 8 * 3600_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** Epoch milliseconds as `YYYY-MM-DD HH:mm:ss` in China time. */
export function formatChinaDateTime(epochMs: number): string {
  const d = new Date(epochMs + CHINA_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

/** Epoch milliseconds as `YYYY-MM-DD`, the date in China. */
export const formatChinaDate = (epochMs: number): string => formatChinaDateTime(epochMs).slice(0, 10);

/** Epoch milliseconds as `HH:mm` in China time. */
export const formatChinaHourMinute = (epochMs: number): string => formatChinaDateTime(epochMs).slice(11, 16);

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` read as China time, in epoch milliseconds; NaN when malformed. */
export function parseChinaDateTime(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(utc);
  if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return Number.NaN;
  return utc - CHINA_OFFSET_MS;
}
