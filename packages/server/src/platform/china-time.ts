/** Times as the console shows them: China Standard Time (no daylight saving), whatever the server's zone. */
const CHINA_TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 2026-11-21 22:30:05 */
export function chinaDateTime(date: Date): string {
  const parts = CHINA_TIME.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** 20261121223005, for file names */
export const chinaTimestamp = (date: Date): string => chinaDateTime(date).replace(/\D/g, '');
