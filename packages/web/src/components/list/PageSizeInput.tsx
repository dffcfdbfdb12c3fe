/**
 * The typed page size (spec 1 §5, spec 2 §5): an integer 1 to 200, at most 3 characters; anything
 * else warns 每页条数请输入1-200的整数，默认值N条/页 and the default comes back.
 */
import { PAGE_SIZE_INPUT, parsePageSizeInput } from '@fieldpay/domain';
import { Input } from 'antd';
import { useEffect, useState } from 'react';
import { notifier } from '../../app/notify';

export function PageSizeInput({
  pageSize,
  defaultPageSize,
  onChange,
}: {
  pageSize: number;
  defaultPageSize: number;
  onChange(pageSize: number): void;
}) {
  const [text, setText] = useState(String(pageSize));
  useEffect(() => setText(String(pageSize)), [pageSize]);

  const commit = () => {
    const { pageSize: next, warning } = parsePageSizeInput(text, defaultPageSize);
    if (warning) notifier().warning(warning);
    setText(String(next));
    if (next !== pageSize) onChange(next);
  };

  return (
    <span className="page-size-input">
      每页
      <Input
        aria-label="每页条数"
        size="small"
        value={text}
        maxLength={PAGE_SIZE_INPUT.maxLength}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
      条
    </span>
  );
}
