import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageSizeInput } from './PageSizeInput';

const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

beforeEach(() => vi.resetAllMocks());

function type(text: string, defaultPageSize = 20, pageSize = 20) {
  const onChange = vi.fn();
  render(<PageSizeInput pageSize={pageSize} defaultPageSize={defaultPageSize} onChange={onChange} />);
  const input = screen.getByLabelText('每页条数') as HTMLInputElement;
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
  return { input, onChange };
}

describe('PageSizeInput', () => {
  it.each([
    ['1', 1],
    ['50', 50],
    ['200', 200],
  ] as const)('takes %j, an integer from 1 to 200', (text, size) => {
    const { onChange } = type(text);
    expect(onChange).toHaveBeenCalledWith(size);
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('accepts at most 3 characters', () => {
    const { input } = type('50');
    expect(input.maxLength).toBe(3);
  });

  it.each(['0', '201', '999', 'abc', '1.5', '-1', ''])(
    'refuses %j with the warning and restores the default',
    (text) => {
      const { input, onChange } = type(text, 10, 50);
      expect(toasts.warning).toHaveBeenCalledWith('每页条数请输入1-200的整数，默认值10条/页');
      expect(input.value).toBe('10');
      expect(onChange).toHaveBeenCalledWith(10);
    },
  );

  it('commits on Enter too', () => {
    const onChange = vi.fn();
    render(<PageSizeInput pageSize={20} defaultPageSize={20} onChange={onChange} />);
    const input = screen.getByLabelText('每页条数');
    fireEvent.change(input, { target: { value: '35' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenCalledWith(35);
  });
});
