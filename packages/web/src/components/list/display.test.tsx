import { NOTICE_TYPES, PROJECT_STATUS } from '@fieldpay/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaskedPhone } from './MaskedPhone';
import { Money } from './Money';
import { StatusTag } from './StatusTag';

describe('StatusTag', () => {
  it('shows the label in the colour of its style; a dash for unknown codes', () => {
    const { container } = render(
      <>
        <StatusTag dictionary={PROJECT_STATUS} value={4} />
        <StatusTag dictionary={PROJECT_STATUS} value="1" />
        <StatusTag dictionary={NOTICE_TYPES} value="settlement" />
        <StatusTag dictionary={PROJECT_STATUS} value={99} />
        <StatusTag dictionary={PROJECT_STATUS} value={null} />
      </>,
    );
    expect(screen.getByText('进行中').className).toContain('ant-tag-processing');
    expect(screen.getByText('未通过').className).toContain('ant-tag-error');
    expect(screen.getByText('结算通知').className).toContain('ant-tag-success');
    expect(container.querySelectorAll('.list-empty-cell')).toHaveLength(2);
  });
});

describe('Money', () => {
  it('shows fen as yuan with the yen sign and thousands separators', () => {
    render(
      <>
        <Money fen={123450} />
        <Money fen={-5} />
        <Money fen={0} />
      </>,
    );
    expect(screen.getByText('¥1,234.50')).toBeTruthy();
    expect(screen.getByText('-¥0.05').className).toContain('money-negative');
    expect(screen.getByText('¥0.00')).toBeTruthy();
  });

  it('shows a dash for missing or non-integer amounts', () => {
    const { container } = render(
      <>
        <Money fen={null} />
        <Money fen={undefined} />
        <Money fen={1.5} />
      </>,
    );
    expect(container.textContent).toBe('---');
  });
});

describe('MaskedPhone', () => {
  it('masks the middle four digits and offers no reveal unless allowed', () => {
    render(<MaskedPhone phone="13800000001" />);
    expect(screen.getByText('138****0001')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('reveals and hides again with the toggle where allowed', () => {
    render(<MaskedPhone phone="13800000001" allowReveal />);
    fireEvent.click(screen.getByRole('button', { name: '显示号码' }));
    expect(screen.getByText('13800000001')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '隐藏号码' }));
    expect(screen.getByText('138****0001')).toBeTruthy();
  });

  it('shows a dash without a phone', () => {
    const { container } = render(<MaskedPhone phone="" allowReveal />);
    expect(container.textContent).toBe('-');
  });
});
