import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import DictListPage from './DictListPage';

const api = vi.hoisted(() => ({
  DICT_LIST_KEY: ['dict', 'list'],
  CONFIG_LIST_KEY: ['config', 'list'],
  dictItemsKey: (code: string) => ['dict', 'items', code],
  fetchDicts: vi.fn(),
  fetchDictItems: vi.fn(),
  editDictItem: vi.fn(),
  addDictItem: vi.fn(),
  deleteDictItem: vi.fn(),
  fetchConfigs: vi.fn(),
  saveConfig: vi.fn(),
}));
vi.mock('./settings-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const renderPage = () =>
  renderWithQuery(
    <ConfirmProvider>
      <DictListPage />
    </ConfirmProvider>,
  );

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 1);
  useSession.setState({ permList: ['sysDict:list:view', 'sysDict:list:edit'] });
  api.fetchDicts.mockResolvedValue({
    records: [{ code: 'sex', name: '性别', itemCount: 2, editedCount: 1, valuesFixed: true }],
    total: 1,
  });
  api.fetchDictItems.mockResolvedValue([
    { value: '1', title: '男性', defaultTitle: '男', sort: 0, edited: true, operatorAdded: false },
    { value: '2', title: '女', defaultTitle: '女', sort: 1, edited: false, operatorAdded: false },
  ]);
  api.editDictItem.mockResolvedValue({ result: null, message: '保存成功' });
});

describe('DictListPage', { timeout: 60_000 }, () => {
  it('opens a dictionary’s items; the value is read-only, the label is edited and can be set back', async () => {
    renderPage();
    expect(await screen.findByText('性别')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '字典项' }));
    expect(await screen.findByText('男性')).toBeTruthy();
    expect(screen.getByText('已修改')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[1]);
    const dialog = (await screen.findByText('修改字典项名称')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('（由系统使用，不可修改）')).toBeTruthy();
    // a dictionary the code depends on takes no new items and deletes none
    expect(screen.queryByRole('button', { name: /新增字典项/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    const input = within(dialog).getByPlaceholderText('请输入字典项名称');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入字典项名称')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' 女性 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.editDictItem).toHaveBeenCalledWith({ dictCode: 'sex', value: '2', title: '女性' }));
  });

  it('sets an edited label back to the default', async () => {
    renderPage();
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
    renderPage();
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });

  it('adds an item to a dictionary whose values the code does not read, and deletes an operator’s item after confirming', async () => {
    api.fetchDicts.mockResolvedValue({
      records: [{ code: 'clinic_department', name: '诊所科室', itemCount: 2, editedCount: 0, valuesFixed: false }],
      total: 1,
    });
    api.fetchDictItems.mockResolvedValue([
      { value: '1', title: '全科', defaultTitle: '全科', sort: 0, edited: false, operatorAdded: false },
      { value: 'pain', title: '疼痛科', defaultTitle: '疼痛科', sort: 1, edited: false, operatorAdded: true },
    ]);
    api.addDictItem.mockResolvedValue({ result: null, message: '新增成功' });
    api.deleteDictItem.mockResolvedValue({ result: null, message: '删除成功' });
    renderPage();
    expect(await screen.findByText('可增删')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '字典项' }));
    expect(await screen.findByText('运营新增')).toBeTruthy();
    // only the operator's item can be deleted
    expect(screen.getAllByRole('button', { name: /删\s*除/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /新增字典项/ }));
    const dialog = (await screen.findByText('新增字典项', { selector: '.ant-modal-title' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入字典项值')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典项值'), { target: { value: '有空 格' } });
    expect(await within(dialog).findByText('字典项值只能包含字母、数字、下划线和中划线，最多32个字符')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典项值'), { target: { value: 'tcm' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入字典项名称'), { target: { value: '中医科' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.addDictItem).toHaveBeenCalledWith({ dictCode: 'clinic_department', value: 'tcm', title: '中医科' }),
    );
    expect(toasts.success).toHaveBeenCalledWith('新增成功');

    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确定删除字典项“疼痛科”吗？')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(api.deleteDictItem).toHaveBeenCalledWith({ dictCode: 'clinic_department', value: 'pain' }),
    );
  });
});
