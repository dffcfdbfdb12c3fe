/** An amount in fen shown in yuan with the yen sign (¥1,234.50); a dash when missing. */
import { formatYuan } from '@fieldpay/domain';

export function Money({ fen, className }: { fen: number | null | undefined; className?: string }) {
  if (fen === null || fen === undefined || !Number.isSafeInteger(fen)) {
    return <span className="list-empty-cell">-</span>;
  }
  return (
    <span className={['money', fen < 0 ? 'money-negative' : '', className ?? ''].join(' ').trim()}>
      {formatYuan(fen)}
    </span>
  );
}
