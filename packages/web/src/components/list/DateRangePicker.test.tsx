import { DATE_RANGE_DAYS } from '@fieldpay/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { afterMaxTime, capRangeAtMaxTime, DateRangePicker, outsideRangeWindow, rangeToTimes } from './DateRangePicker';

const day = (text: string) => dayjs(text);

describe('the window around the first pick', () => {
  const first = day('2026-06-15 10:00:00');

  it('allows 365 days either side by default', () => {
    expect(DATE_RANGE_DAYS.default).toBe(365);
    expect(outsideRangeWindow(first.add(365, 'day'), first, 365)).toBe(false);
    expect(outsideRangeWindow(first.add(366, 'day'), first, 365)).toBe(true);
    expect(outsideRangeWindow(first.subtract(365, 'day'), first, 365)).toBe(false);
    expect(outsideRangeWindow(first.subtract(366, 'day'), first, 365)).toBe(true);
  });

  it('allows 180 days in half-year mode, 366 for tax vouchers and 3662 for the agreement list', () => {
    expect(outsideRangeWindow(first.add(180, 'day'), first, DATE_RANGE_DAYS.halfYear)).toBe(false);
    expect(outsideRangeWindow(first.add(181, 'day'), first, DATE_RANGE_DAYS.halfYear)).toBe(true);
    expect(outsideRangeWindow(first.add(366, 'day'), first, DATE_RANGE_DAYS.taxVoucher)).toBe(false);
    expect(outsideRangeWindow(first.add(367, 'day'), first, DATE_RANGE_DAYS.taxVoucher)).toBe(true);
    expect(outsideRangeWindow(first.subtract(3662, 'day'), first, DATE_RANGE_DAYS.agreementList)).toBe(false);
    expect(outsideRangeWindow(first.subtract(3663, 'day'), first, DATE_RANGE_DAYS.agreementList)).toBe(true);
  });

  it('counts whole days, whatever the time of day, and limits nothing before the first pick', () => {
    expect(outsideRangeWindow(day('2027-06-15 23:59:59'), day('2026-06-15 00:00:00'), 365)).toBe(false);
    expect(outsideRangeWindow(day('2030-01-01'), undefined, 365)).toBe(false);
  });
});

describe('the maximum selectable time (enterprise side)', () => {
  const max = day('2026-11-20 15:30:00');

  it('disables the days after it', () => {
    expect(afterMaxTime(day('2026-11-20 23:00:00'), max)).toBe(false);
    expect(afterMaxTime(day('2026-11-21 00:00:00'), max)).toBe(true);
    expect(afterMaxTime(day('2030-01-01'), null)).toBe(false);
  });

  it('replaces an end on that day by the full maximum time', () => {
    const [start, end] = capRangeAtMaxTime([day('2026-11-01 00:00:00'), day('2026-11-20 23:59:59')], max);
    expect(start.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-01 00:00:00');
    expect(end.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-20 15:30:00');
    const earlier = capRangeAtMaxTime([day('2026-11-01 00:00:00'), day('2026-11-19 23:59:59')], max);
    expect(earlier[1].format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-19 23:59:59');
    const unlimited = capRangeAtMaxTime([day('2026-11-01'), day('2026-12-31 23:59:59')], null);
    expect(unlimited[1].format('YYYY-MM-DD')).toBe('2026-12-31');
  });
});

describe('values', () => {
  it('are sent as startTime and endTime in yyyy-MM-dd HH:mm:ss', () => {
    expect(rangeToTimes([day('2026-01-01 00:00:00'), day('2026-01-31 23:59:59')])).toEqual({
      startTime: '2026-01-01 00:00:00',
      endTime: '2026-01-31 23:59:59',
    });
    expect(rangeToTimes(null)).toEqual({});
  });

  it('show in the picker in the same format, with the Chinese placeholders', () => {
    const { container } = render(<DateRangePicker value={[day('2026-01-01 00:00:00'), day('2026-01-31 23:59:59')]} />);
    const inputs = Array.from(container.querySelectorAll('input')).map((input) => input.value);
    expect(inputs).toEqual(['2026-01-01 00:00:00', '2026-01-31 23:59:59']);
    expect(screen.getByPlaceholderText('开始时间')).toBeTruthy();
    expect(screen.getByPlaceholderText('结束时间')).toBeTruthy();
  });

  it('disables the days after the maximum time in the open calendar', () => {
    const { container } = render(
      <DateRangePicker
        maxTime="2026-11-20 15:30:00"
        value={[day('2026-11-01 00:00:00'), day('2026-11-10 23:59:59')]}
      />,
    );
    fireEvent.mouseDown(container.querySelector('input') as HTMLInputElement);
    fireEvent.click(container.querySelector('input') as HTMLInputElement);
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`) as HTMLElement;
    expect(cell('2026-11-20').className).not.toContain('ant-picker-cell-disabled');
    expect(cell('2026-11-21').className).toContain('ant-picker-cell-disabled');
  });

  it('after the first pick, disables days beyond the window (half-year mode: 180 days)', () => {
    const { container } = render(<DateRangePicker variant="halfYear" />);
    fireEvent.mouseDown(container.querySelector('input') as HTMLInputElement);
    fireEvent.click(container.querySelector('input') as HTMLInputElement);
    const today = dayjs();
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`) as HTMLElement;
    fireEvent.click(cell(today.format('YYYY-MM-DD')));
    // with times, a pick is confirmed with 确定; the end field then opens
    fireEvent.click(document.querySelector('.ant-picker-ok button') as HTMLElement);
    // a year on, every day is beyond 180 days of the first pick
    fireEvent.click(document.querySelector('.ant-picker-header-super-next-btn') as HTMLElement);
    const yearOn = today.add(1, 'year').format('YYYY-MM-DD');
    expect(cell(yearOn).className).toContain('ant-picker-cell-disabled');
  });

  it('picks a start at 00:00:00 and an end at 23:59:59 unless times are chosen', () => {
    const onChange = vi.fn();
    const { container } = render(<DateRangePicker onChange={onChange} />);
    fireEvent.mouseDown(container.querySelector('input') as HTMLInputElement);
    fireEvent.click(container.querySelector('input') as HTMLInputElement);
    const today = dayjs();
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`) as HTMLElement;
    const ok = () => fireEvent.click(document.querySelector('.ant-picker-ok button') as HTMLElement);
    fireEvent.click(cell(today.startOf('month').format('YYYY-MM-DD')));
    ok();
    fireEvent.click(cell(today.format('YYYY-MM-DD')));
    ok();
    expect(onChange).toHaveBeenCalledTimes(1);
    const [start, end] = onChange.mock.calls[0][0] as [dayjs.Dayjs, dayjs.Dayjs];
    expect(start.format('YYYY-MM-DD HH:mm:ss')).toBe(`${today.startOf('month').format('YYYY-MM-DD')} 00:00:00`);
    expect(end.format('YYYY-MM-DD HH:mm:ss')).toBe(`${today.format('YYYY-MM-DD')} 23:59:59`);
  });
});
