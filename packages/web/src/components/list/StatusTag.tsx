/** A status code shown as its coloured label (domain status dictionaries); a dash when unknown. */
import { type StatusDictionary, statusInfo } from '@fieldpay/domain';
import { Tag } from 'antd';

export function StatusTag<K extends string | number>({
  dictionary,
  value,
}: {
  dictionary: StatusDictionary<K>;
  value: string | number | null | undefined;
}) {
  const info = statusInfo(dictionary, value);
  if (!info) return <span className="list-empty-cell">-</span>;
  return (
    <Tag color={info.color} className="status-tag" data-style={info.style}>
      {info.label}
    </Tag>
  );
}
