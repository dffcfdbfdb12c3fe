/** How the settlement screens show money and times. */
import { formatChinaDateTime, formatYuanText } from '@fieldpay/domain';

/** Yuan text from the API with the yen sign and thousands separators. */
export const yuan = formatYuanText;

/** An instant in China time, or null for a dash. */
export const chinaTime = (value: number | null) => (value === null ? null : formatChinaDateTime(value));
