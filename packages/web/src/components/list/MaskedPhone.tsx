/**
 * A phone masked in the middle four digits (138****0001, spec 1 §9). The eye toggle that shows the
 * whole number appears only where the page allows it (the user holds the unmasked number and the
 * right to see it); elsewhere the number stays masked.
 */
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { maskPhone } from '@fieldpay/domain';
import { useState } from 'react';

export function MaskedPhone({
  phone,
  allowReveal = false,
}: {
  phone: string | null | undefined;
  allowReveal?: boolean;
}) {
  const [revealed, setRevealed] = useState(false);
  if (!phone) return <span className="list-empty-cell">-</span>;
  const shown = allowReveal && revealed ? phone : maskPhone(phone);
  return (
    <span className="masked-phone">
      <span className="masked-phone-number">{shown}</span>
      {allowReveal && (
        <button
          type="button"
          className="masked-phone-toggle"
          aria-label={revealed ? '隐藏号码' : '显示号码'}
          onClick={() => setRevealed((value) => !value)}
        >
          {revealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        </button>
      )}
    </span>
  );
}
