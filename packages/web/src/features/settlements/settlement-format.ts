/** How the settlement screens show money and times. */
import { formatChinaDateTime, formatYuan, parseYuanToFen } from '@fieldpay/domain';

/** Yuan text from the API with the yen sign and thousands separators. */
export const yuan = (text: string) => formatYuan(parseYuanToFen(text) ?? 0);

/** An instant in China time, or null for a dash. */
export const chinaTime = (value: number | null) => (value === null ? null : formatChinaDateTime(value));
