import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import ConfigListPage from './ConfigListPage';

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

const updatedAt = Date.UTC(2026, 10, 24, 16, 5, 9);

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 1);
  useSession.setState({ permList: ['sysConfig:list:view', 'sysConfig:list:edit'] });
  api.fetchConfigs.mockResolvedValue([
    {
      configKey: 'manager_file_size',
      name: '附件大小上限',
      content: '10',
      remarks: '单位 MB，附件上传的大小上限',
      updatedAt,
      updatedByName: '运营管理员',
    },
    {
      configKey: 'qrcode.address',
      name: 'APP下载地址',
      content: '',
      remarks: '留空时为本控制台的 /#/appUpload 下载页',
      updatedAt,
      updatedByName: '',
    },
  ]);
  api.saveConfig.mockResolvedValue({ result: null, message: '保存成功' });
});

describe('ConfigListPage', { timeout: 60_000 }, () => {
  it('lists the values in China time and edits a whole number within its rule', async () => {
    renderWithQuery(<ConfigListPage />);
    expect(await screen.findByText('附件大小上限')).toBeTruthy();
    expect(screen.getAllByText('2026-11-25 00:05:09')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('spinbutton');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入配置内容')).toBeTruthy();
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.saveConfig).toHaveBeenCalledWith({ configKey: 'manager_file_size', content: '30' }));
  });

  it('refuses an address that is not a web address with the rule’s message', async () => {
    renderWithQuery(<ConfigListPage />);
    await screen.findByText('APP下载地址');
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[1]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('以 http:// 或 https:// 开头的网址'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('APP下载地址应为以 http:// 或 https:// 开头的网址')).toBeTruthy();
    expect(api.saveConfig).not.toHaveBeenCalled();
  });

  it('offers no editing without the code, and 暂无数据 when there is nothing', async () => {
    useSession.setState({ permList: ['sysConfig:list:view'] });
    api.fetchConfigs.mockResolvedValue([]);
    renderWithQuery(<ConfigListPage />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
