import { describe, expect, it } from 'vitest';
import { formatChinaDate, formatChinaDateTime, formatChinaHourMinute, parseChinaDateTime } from './china-time';

describe('China time', () => {
  it('formats an instant as UTC+8 whatever the local zone', () => {
    expect(formatChinaDateTime(Date.UTC(2026, 10, 24, 16, 5, 9))).toBe('2026-11-25 00:05:09');
    expect(formatChinaDateTime(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe('2026-01-01 08:00:00');
  });

  it('reads dates and date-times as China time and refuses malformed or impossible ones', () => {
    expect(parseChinaDateTime('2026-11-25 00:05:09')).toBe(Date.UTC(2026, 10, 24, 16, 5, 9));
    expect(parseChinaDateTime('2026-11-25')).toBe(Date.UTC(2026, 10, 24, 16, 0, 0));
    expect(parseChinaDateTime('2026-02-30')).toBeNaN();
    expect(parseChinaDateTime('2026/11/25')).toBeNaN();
  });
});

describe('China dates and hours', () => {
  it('are the date and the hour in China, whatever the zone of the machine', () => {
    // 2026-11-24 16:05 UTC is 2026-11-25 00:05 in China
    const at = Date.UTC(2026, 10, 24, 16, 5, 9);
    expect(formatChinaDate(at)).toBe('2026-11-25');
    expect(formatChinaHourMinute(at)).toBe('00:05');
  });
});
