import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import DictListPage from './DictListPage';

const api = vi.hoisted(() => ({
  DICT_LIST_KEY: ['dict', 'list'],
  CONFIG_LIST_KEY: ['config', 'list'],
  dictItemsKey: (code: string) => ['dict', 'items', code],
  fetchDicts: vi.fn(),
  fetchDictItems: vi.fn(),
  editDictItem: vi.fn(),
  fetchConfigs: vi.fn(),
  saveConfig: vi.fn(),
}));
vi.mock('./settings-calls', () => api);

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 1);
  useSession.setState({ permList: ['sysDict:list:view', 'sysDict:list:edit'] });
  api.fetchDicts.mockResolvedValue({
    records: [{ code: 'sex', name: '性别', itemCount: 2, editedCount: 1 }],
    total: 1,
  });
  api.fetchDictItems.mockResolvedValue([
    { value: '1', title: '男性', defaultTitle: '男', sort: 0, edited: true },
    { value: '2', title: '女', defaultTitle: '女', sort: 1, edited: false },
  ]);
  api.editDictItem.mockResolvedValue({ result: null, message: '保存成功' });
});

describe('DictListPage', { timeout: 60_000 }, () => {
  it('opens a dictionary’s items; the value is read-only, the label is edited and can be set back', async () => {
    renderWithQuery(<DictListPage />);
    expect(await screen.findByText('性别')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '字典项' }));
    expect(await screen.findByText('男性')).toBeTruthy();
    expect(screen.getByText('已修改')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[1]);
    const dialog = (await screen.findByText('修改字典项名称')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('（由系统使用，不可修改）')).toBeTruthy();
    const input = within(dialog).getByPlaceholderText('请输入字典项名称');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入字典项名称')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' 女性 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.editDictItem).toHaveBeenCalledWith({ dictCode: 'sex', value: '2', title: '女性' }));
  });

  it('sets an edited label back to the default', async () => {
    renderWithQuery(<DictListPage />);
    fireEvent.click(await screen.findByRole('button', { name: '字典项' }));
    await screen.findByText('男性');
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    const dialog = (await screen.findByText('修改字典项名称')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '恢复默认' }));
    await waitFor(() => expect(api.editDictItem).toHaveBeenCalledWith({ dictCode: 'sex', value: '1', title: '男' }));
  });

  it('offers no editing without the code, and 暂无数据 when nothing matches', async () => {
    useSession.setState({ permList: ['sysDict:list:view'] });
    api.fetchDicts.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<DictListPage />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
