import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, useConfirmDialog } from './ConfirmDialog';

const buttonTexts = () =>
  screen
    .getAllByRole('button')
    .filter((b) => !b.classList.contains('ant-modal-close'))
    .map((b) => b.textContent?.replace(/\s/g, ''));

let confirm: ReturnType<typeof useConfirmDialog>[0] = async () => false;
function Host() {
  const [fn, holder] = useConfirmDialog();
  confirm = fn;
  return <>{holder}</>;
}

describe('ConfirmDialog', () => {
  it.each([
    [0, ['取消', '确定']],
    [3, ['取消', '确定']],
    [10, ['否', '是']],
    [11, ['取消', '去签署协议']],
    [12, ['取消', '确认复用']],
    [14, ['知道了']],
    [15, ['关闭', '继续录入']],
    [16, ['关闭', '完善信息']],
    [17, ['取消', '确定']],
    [101, ['确定']],
    [99, ['关闭']],
  ])('type %i shows %j', (type, texts) => {
    render(<ConfirmDialog open type={type} content="内容" />);
    expect(buttonTexts()).toEqual(texts);
  });

  it('is 480 wide', () => {
    render(<ConfirmDialog open content="内容" />);
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('480px');
  });

  it('has the default title 提示 and calls back', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open content="确定要退出登录吗？" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByText('提示')).toBeTruthy();
    expect(screen.getByText('确定要退出登录吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('useConfirmDialog resolves true on ok and false on cancel', async () => {
    render(<Host />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ type: 10, title: '切换', content: '是否确认切换' });
    });
    expect(screen.getByText('切换')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '是' }));
    await expect(answer).resolves.toBe(true);
    act(() => {
      answer = confirm({ content: '再来一次' });
    });
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await expect(answer).resolves.toBe(false);
  });
});
