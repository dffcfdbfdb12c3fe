import type { ColumnLayoutItem } from '@fieldpay/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FieldSettingsDialog, moveChosenField, orderedLayout } from './FieldSettingsDialog';

const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../app/notify', () => ({ notifier: () => toasts }));

const column = (prop: string, label: string, extra: Partial<ColumnLayoutItem> = {}): ColumnLayoutItem => ({
  prop,
  label,
  width: 120,
  sortable: false,
  isSelect: true,
  ...extra,
});

const COLUMNS = [
  column('title', '通知标题', { disabled: true }),
  column('type', '通知类型'),
  column('content', '通知内容', { isSelect: false }),
  column('createTime', '通知时间'),
];

const chosenLabels = () =>
  Array.from(document.querySelectorAll('.field-settings-chosen .field-settings-chosen-label')).map(
    (node) => node.textContent,
  );

beforeEach(() => vi.resetAllMocks());

function open(columns = COLUMNS, onSave = vi.fn().mockResolvedValue(undefined), onCancel = vi.fn()) {
  render(<FieldSettingsDialog open columns={columns} onSave={onSave} onCancel={onCancel} />);
  return { onSave, onCancel };
}

describe('FieldSettingsDialog', () => {
  it('is 750 wide, lists every field on the left and the chosen ones in order on the right', () => {
    open();
    expect(screen.getByText('字段设置')).toBeTruthy();
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('750px');
    const left = screen.getByRole('region', { name: '可选字段' });
    for (const label of ['通知标题', '通知类型', '通知内容', '通知时间'])
      expect(within(left).getByText(label)).toBeTruthy();
    expect(chosenLabels()).toEqual(['通知标题', '通知类型', '通知时间']);
    expect(screen.getByText('已选 3/4')).toBeTruthy();
  });

  it('keeps fixed fields: their box is disabled and they have no remove button', () => {
    open();
    const left = screen.getByRole('region', { name: '可选字段' });
    const fixedBox = within(left).getByText('通知标题').closest('label')?.querySelector('input') as HTMLInputElement;
    expect(fixedBox.disabled).toBe(true);
    expect(fixedBox.checked).toBe(true);
    expect(screen.queryByRole('button', { name: '移除通知标题' })).toBeNull();
    expect(screen.getByLabelText('固定字段')).toBeTruthy();
  });

  it('select all chooses every field; clearing it leaves only the fixed ones', () => {
    open();
    const selectAll = screen.getByText('全选').closest('label')?.querySelector('input') as HTMLInputElement;
    fireEvent.click(selectAll);
    expect(chosenLabels()).toEqual(['通知标题', '通知类型', '通知时间', '通知内容']);
    fireEvent.click(selectAll);
    expect(chosenLabels()).toEqual(['通知标题']);
  });

  it('a chosen field joins the end of the right list; the remove button takes it out', () => {
    open();
    const left = screen.getByRole('region', { name: '可选字段' });
    fireEvent.click(within(left).getByText('通知内容'));
    expect(chosenLabels()).toEqual(['通知标题', '通知类型', '通知时间', '通知内容']);
    fireEvent.click(screen.getByRole('button', { name: '移除通知类型' }));
    expect(chosenLabels()).toEqual(['通知标题', '通知时间', '通知内容']);
  });

  it('saves every field, chosen ones first in their order, and shows 保存成功 for 1 s', async () => {
    const { onSave, onCancel } = open();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0][0] as ColumnLayoutItem[];
    expect(saved.map((item) => [item.prop, item.isSelect])).toEqual([
      ['title', true],
      ['type', true],
      ['createTime', true],
      ['content', false],
    ]);
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('保存成功', 1));
    expect(onCancel).toHaveBeenCalled();
  });

  it('warns 至少选择一个字段 when nothing is chosen, and saves nothing', () => {
    const { onSave } = open([column('type', '通知类型'), column('createTime', '通知时间')]);
    fireEvent.click(screen.getByText('全选'));
    expect(chosenLabels()).toEqual([]);
    expect(screen.getByRole('region', { name: '已选字段' }).textContent).toContain('至少选择一个字段');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(toasts.warning).toHaveBeenCalledWith('至少选择一个字段');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('stays open without a success toast when the save is refused', async () => {
    const { onSave, onCancel } = open(COLUMNS, vi.fn().mockRejectedValue(new Error('字段重复：type')));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(toasts.success).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancel closes without saving', () => {
    const { onSave, onCancel } = open();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('offers a drag handle per chosen field, operable by keyboard', () => {
    open();
    const handle = screen.getByRole('button', { name: '拖动调整通知类型的顺序' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    expect(handle.tabIndex).toBe(0);
  });
});

describe('ordering the chosen fields', () => {
  it('moves a chosen field to the place of another and keeps unchosen ones after', () => {
    const layout = orderedLayout(COLUMNS);
    expect(layout.map((item) => item.prop)).toEqual(['title', 'type', 'createTime', 'content']);
    expect(moveChosenField(layout, 'createTime', 'title').map((item) => item.prop)).toEqual([
      'createTime',
      'title',
      'type',
      'content',
    ]);
    expect(moveChosenField(layout, 'title', 'createTime').map((item) => item.prop)).toEqual([
      'type',
      'createTime',
      'title',
      'content',
    ]);
    // an unchosen field is not in the right-hand list: nothing moves
    expect(moveChosenField(layout, 'content', 'title')).toEqual(layout);
  });
});
