import { describe, expect, it } from 'vitest';
import {
  chinaDateTime,
  chinaDay,
  chinaDayStart,
  chinaMonth,
  chinaMonthBounds,
  chinaMonthStart,
  chinaTimestamp,
} from './china-time';

describe('China time', () => {
  it('shows an instant at UTC+8 whatever the server zone, across the date line of UTC', () => {
    expect(chinaDateTime(new Date('2026-11-21T16:30:05Z'))).toBe('2026-11-22 00:30:05');
    expect(chinaDateTime(new Date('2026-12-31T15:59:59.999Z'))).toBe('2026-12-31 23:59:59');
    expect(chinaDateTime(new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(chinaDateTime(new Date('2028-02-28T16:00:00Z'))).toBe('2028-02-29 00:00:00');
  });

  it('agrees with the time-zone database for Asia/Shanghai all year', () => {
    const shanghai = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    for (let month = 0; month < 12; month++) {
      const instant = new Date(Date.UTC(2026, month, 15, 18, 7, 9));
      expect(chinaDateTime(instant)).toBe(shanghai.format(instant));
    }
  });

  it('makes file-name stamps of digits only', () => {
    expect(chinaTimestamp(new Date('2026-11-21T14:30:05Z'))).toBe('20261121223005');
  });

  it('names the China day and month of an instant, and the month start, across the date line of UTC', () => {
    const newYear = new Date('2026-12-31T16:00:00Z');
    expect([chinaDay(newYear), chinaMonth(newYear)]).toEqual(['270101', '2027-01']);
    expect(chinaDay(new Date('2026-12-31T15:59:59Z'))).toBe('261231');
    expect(chinaMonthStart(new Date('2026-11-30T17:00:00Z')).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(chinaMonthStart(new Date('2026-11-30T15:00:00Z')).toISOString()).toBe('2026-10-31T16:00:00.000Z');
  });

  it("bounds a China month from its first instant to the next month's", () => {
    expect(chinaMonthBounds('2026-11')).toEqual({
      start: new Date('2026-10-31T16:00:00.000Z'),
      end: new Date('2026-11-30T16:00:00.000Z'),
    });
    expect(chinaMonthBounds('2026-12').end).toEqual(new Date('2026-12-31T16:00:00.000Z'));
  });

  it('starts a China day at its midnight, UTC 16:00 of the day before', () => {
    expect(chinaDayStart(new Date('2026-11-21T15:59:59Z')).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(chinaDayStart(new Date('2026-11-21T16:00:00Z')).toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });
});
