/**
 * The date-range picker of the lists (spec 1 §5, §9; spec 2 §4, §5; spec 3 §2): once the first
 * date is picked the other end may lie at most N days either side (365; 180 in half-year mode; 366
 * for tax vouchers; 3662 for the agreement list); times default to 00:00:00 and 23:59:59; values
 * read yyyy-MM-dd HH:mm:ss. On the enterprise side a maximum selectable time may cap the range:
 * later days are disabled, and an end on that day becomes the maximum time itself.
 */
import { DATE_RANGE_DAYS, DATE_TIME_FORMAT, RANGE_DEFAULT_TIMES } from '@fieldpay/domain';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

export type DateRange = [Dayjs, Dayjs];
export type DateRangeVariant = keyof typeof DATE_RANGE_DAYS;

/** Whether `day` lies more than `windowDays` whole days from the first pick. */
export function outsideRangeWindow(day: Dayjs, firstPick: Dayjs | undefined, windowDays: number): boolean {
  if (!firstPick) return false;
  return Math.abs(day.startOf('day').diff(firstPick.startOf('day'), 'day')) > windowDays;
}

/** Whether `day` is after the day of the maximum selectable time. */
export function afterMaxTime(day: Dayjs, maxTime: Dayjs | null | undefined): boolean {
  return Boolean(maxTime) && day.isAfter(maxTime as Dayjs, 'day');
}

/** A range whose end is on (or past) the maximum time's day ends at the maximum time itself. */
export function capRangeAtMaxTime(range: DateRange, maxTime: Dayjs | null | undefined): DateRange {
  if (!maxTime) return range;
  const [start, end] = range;
  if (end.isSame(maxTime, 'day') || end.isAfter(maxTime)) {
    return [start.isAfter(maxTime) ? maxTime.startOf('day') : start, maxTime];
  }
  return range;
}

/** The filters a list sends: startTime and endTime as yyyy-MM-dd HH:mm:ss, or nothing. */
export function rangeToTimes(range: readonly (Dayjs | null | undefined)[] | null | undefined): {
  startTime?: string;
  endTime?: string;
} {
  const [start, end] = range ?? [];
  return {
    ...(start ? { startTime: start.format(DATE_TIME_FORMAT) } : {}),
    ...(end ? { endTime: end.format(DATE_TIME_FORMAT) } : {}),
  };
}

/** Today at a HH:mm:ss time; the picker takes only the time of it. */
function timeOfDay(text: string): Dayjs {
  const [hour, minute, second] = text.split(':').map(Number);
  return dayjs().hour(hour).minute(minute).second(second).millisecond(0);
}

const DEFAULT_OPEN_TIMES = [timeOfDay(RANGE_DEFAULT_TIMES.start), timeOfDay(RANGE_DEFAULT_TIMES.end)];

export interface DateRangePickerProps {
  value?: DateRange | null;
  onChange?(value: DateRange | null): void;
  /** which window applies (default 365 days) */
  variant?: DateRangeVariant;
  /** the enterprise's maximum selectable time (spec 2 §4); absent means none */
  maxTime?: Dayjs | string | null;
  placeholder?: [string, string];
  allowClear?: boolean;
  disabled?: boolean;
  id?: string;
  /** the panel opens (true) or closes (false): a list asks for a fresh maximum time on opening */
  onOpenChange?(open: boolean): void;
}

export function DateRangePicker({
  value,
  onChange,
  variant = 'default',
  maxTime,
  placeholder = ['开始时间', '结束时间'],
  allowClear = true,
  disabled,
  id,
  onOpenChange,
}: DateRangePickerProps) {
  const windowDays = DATE_RANGE_DAYS[variant];
  const max = maxTime ? dayjs(maxTime) : null;
  return (
    <DatePicker.RangePicker
      id={id}
      className="date-range-picker"
      value={value ?? null}
      showTime={{ defaultOpenValue: DEFAULT_OPEN_TIMES }}
      format={DATE_TIME_FORMAT}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      onOpenChange={onOpenChange}
      disabledDate={(day, info) => outsideRangeWindow(day, info?.from, windowDays) || afterMaxTime(day, max)}
      onChange={(next) => {
        const [start, end] = next ?? [];
        onChange?.(start && end ? capRangeAtMaxTime([start, end], max) : null);
      }}
    />
  );
}
