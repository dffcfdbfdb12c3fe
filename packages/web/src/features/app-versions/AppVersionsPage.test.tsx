import type { AppVersion, LatestAppVersion, UploadedFile } from '@fieldpay/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import type { ReactElement } from 'react';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { fileOf, pick, renderWithQuery as renderWithQueryOnly } from '../../components/upload/upload-test-utils';
import AppDownloadPage from './AppDownloadPage';
import AppVersionsPage from './AppVersionsPage';

const api = vi.hoisted(() => ({
  appVersionList: vi.fn(),
  publishAppVersion: vi.fn(),
  latestAppVersion: vi.fn(),
  editAppVersion: vi.fn(),
  withdrawAppVersion: vi.fn(),
}));
vi.mock('./app-version-calls', () => api);
const files = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);
const system = vi.hoisted(() => ({ configValue: vi.fn(), configValueKey: (key: string) => ['config', key] }));
vi.mock('../../app/shell-calls', () => system);
const notes = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => notes }));

const version: AppVersion = {
  id: 1,
  versionName: '2.3.0',
  releaseNotes: '新增任务签到拍照水印',
  android: {
    name: '灵活用工-2.3.0.apk',
    address: '/api/resource/file/0/APKAPKAPKAPKAPKAPKAPK1',
    fileSize: 25 * 1024 * 1024,
  },
  iosUrl: 'https://apps.apple.com/cn/app/id1234567890',
  publisher: '系统管理员',
  createTime: new Date('2025-11-20T09:00:00+08:00').getTime(),
  withdrawnAt: null,
};

/** The page with the confirm dialogs the console layout provides. */
const renderWithQuery = (ui: ReactElement) => renderWithQueryOnly(<ConfirmProvider>{ui}</ConfirmProvider>);

const apkHead = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 20, 0]);

beforeEach(() => {
  vi.resetAllMocks();
  useSession.setState({ permList: ['appVersion:list:add'] });
  api.appVersionList.mockResolvedValue({ records: [version], total: 1 });
  system.configValue.mockResolvedValue({ configKey: 'qrcode.address', content: 'http://console.test/#/appUpload' });
});

async function openDialog() {
  renderWithQuery(<AppVersionsPage />);
  await screen.findByText('灵活用工-2.3.0.apk（25M）');
  fireEvent.click(screen.getByText('发布新版本'));
  await screen.findByText('当前最新版本：2.3.0');
}

/** antd re-validates after its own debounce and motion; jsdom makes that slow */
const SLOW = { timeout: 4000 };

const publish = () => fireEvent.click(screen.getByText('发 布'));

describe('AppVersionsPage', () => {
  it('lists versions, marks the newest, and shows the download page address', async () => {
    renderWithQuery(<AppVersionsPage />);
    await screen.findByText('灵活用工-2.3.0.apk（25M）');
    expect(screen.getByText('最新')).toBeTruthy();
    expect(screen.getByText('系统管理员')).toBeTruthy();
    expect(screen.getByText('2025-11-20 09:00:00')).toBeTruthy();
    expect(await screen.findByText('http://console.test/#/appUpload')).toBeTruthy();
  });

  it('says 暂无数据 before the first release, without pagination', async () => {
    api.appVersionList.mockResolvedValue({ records: [], total: 0 });
    const { container } = renderWithQuery(<AppVersionsPage />);
    await screen.findByText('暂无数据');
    expect(container.querySelector('.ant-pagination')).toBeNull();
    // the picture of every other empty list, and the header with its icon like the other pages
    expect(container.querySelector('.ant-table-placeholder .ant-empty-image')).not.toBeNull();
    expect(container.querySelector('.ant-card-head-title .anticon-mobile')).not.toBeNull();
  });

  it('hides publishing without appVersion:list:add', async () => {
    useSession.setState({ permList: [] });
    renderWithQuery(<AppVersionsPage />);
    await screen.findByText('灵活用工-2.3.0.apk（25M）');
    expect(screen.queryByText('发布新版本')).toBeNull();
  });

  // antd forms are slow in jsdom: these two get more time than the default
  it('names every missing or wrong field', { timeout: 20_000 }, async () => {
    await openDialog();
    publish();
    expect(await screen.findByText('请输入版本号')).toBeTruthy();
    expect(screen.getByText('请输入更新说明')).toBeTruthy();
    expect(screen.getByText('请上传安卓安装包或填写iOS下载地址')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('例如 2.3.1'), { target: { value: 'v2' } });
    expect(await screen.findByText('版本号格式为x.y.z，只能包含数字和点', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('例如 2.3.1'), { target: { value: '2.2.9' } });
    expect(await screen.findByText('版本号须高于当前最新版本2.3.0', {}, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('https://apps.apple.com/cn/app/...'), {
      target: { value: 'https://example.com/app' },
    });
    expect(await screen.findByText('请输入正确的苹果应用商店下载地址', {}, SLOW)).toBeTruthy();
    expect(api.publishAppVersion).not.toHaveBeenCalled();
  });

  it('uploads the package through uploadOut, refuses a non-apk, and publishes', { timeout: 20_000 }, async () => {
    const uploaded: UploadedFile = {
      id: 9,
      name: '灵活用工-2.4.0.apk',
      address: '/api/resource/file/0/NEWAPKNEWAPKNEWAPKNEW',
      fileName: '灵活用工-2.4.0.apk',
      fileAddress: '/api/resource/file/0/NEWAPKNEWAPKNEWAPKNEW',
      fileType: 'apk',
      fileSize: 30 * 1024 * 1024,
      createTime: 0,
      delFlag: 0,
      url: '/signed',
    };
    files.uploadForm.mockResolvedValue(uploaded);
    api.publishAppVersion.mockResolvedValue('发布成功');
    await openDialog();
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    pick(dialog, fileOf('安装包.zip', apkHead));
    await waitFor(() => expect(notes.warning).toHaveBeenCalledWith('请上传apk格式的安卓安装包'));
    pick(dialog, fileOf('灵活用工-2.4.0.apk', apkHead));
    await screen.findByText('灵活用工-2.4.0.apk');
    expect(files.uploadForm.mock.calls[0][0]).toBe('uploadOut');
    expect((files.uploadForm.mock.calls[0][1] as FormData).get('scene')).toBe('appPackage');

    fireEvent.change(screen.getByPlaceholderText('例如 2.3.1'), { target: { value: '2.4.0' } });
    fireEvent.change(screen.getByPlaceholderText('请输入更新说明'), { target: { value: '  支持电子签约  ' } });
    publish();
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('发布成功'));
    expect(api.publishAppVersion).toHaveBeenCalledWith({
      versionName: '2.4.0',
      androidAddress: uploaded.address,
      iosUrl: undefined,
      releaseNotes: '支持电子签约',
    });
  });
});

describe('AppDownloadPage (public /appUpload)', () => {
  const latest: LatestAppVersion = { ...version, androidUrl: '/api/resource/file/0/APK?expires=1&sign=ab' };

  it('offers the newest version: Android download, App Store link, notes, QR code and hints', async () => {
    api.latestAppVersion.mockResolvedValue(latest);
    render(<AppDownloadPage />);
    const android = await screen.findByRole('link', { name: /下载安卓版（25M）/ });
    expect(android.getAttribute('href')).toBe(latest.androidUrl);
    expect(screen.getByRole('link', { name: /前往 App Store 下载/ }).getAttribute('href')).toBe(version.iosUrl);
    expect(screen.getByText('v2.3.0')).toBeTruthy();
    expect(screen.getByText('新增任务签到拍照水印')).toBeTruthy();
    expect(screen.getByText('手机扫码打开本页')).toBeTruthy();
    expect(screen.getByText(/个体创客扫码下载 APP/)).toBeTruthy();
    expect(document.title).toContain('APP下载');
  });

  it('says so when nothing was published yet, or the call failed', async () => {
    api.latestAppVersion.mockResolvedValue(null);
    const first = render(<AppDownloadPage />);
    await screen.findByText('暂无可下载的版本');
    first.unmount();
    api.latestAppVersion.mockRejectedValue(new Error('network'));
    render(<AppDownloadPage />);
    await screen.findByText('暂无可下载的版本');
  });
});

describe('APP版本管理: editing and withdrawing a published version', { timeout: 30_000 }, () => {
  const older: AppVersion = { ...version, id: 0, versionName: '2.2.0', android: null, withdrawnAt: null };

  it('edits the notes of a version, its number unchanged', async () => {
    useSession.setState({ permList: ['appVersion:list:add', 'appVersion:list:edit'] });
    api.appVersionList.mockResolvedValue({ records: [version, older], total: 2 });
    api.editAppVersion.mockResolvedValue('保存成功');
    renderWithQuery(<AppVersionsPage />);
    await screen.findByText('灵活用工-2.3.0.apk（25M）');
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]);
    await screen.findByText('修改版本 2.3.0');
    expect((screen.getByPlaceholderText('例如 2.3.1') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText('请输入更新说明'), { target: { value: '修复签到定位' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(api.editAppVersion).toHaveBeenCalledWith({
        id: 1,
        androidAddress: version.android?.address,
        iosUrl: version.iosUrl,
        releaseNotes: '修复签到定位',
      }),
    );
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('保存成功'));
  });

  it('withdraws a version after confirming; a withdrawn one is marked and the newest standing is 最新', async () => {
    useSession.setState({ permList: ['appVersion:list:edit'] });
    api.appVersionList.mockResolvedValue({ records: [version, older], total: 2 });
    api.withdrawAppVersion.mockResolvedValue('已撤回');
    renderWithQuery(<AppVersionsPage />);
    await screen.findByText('灵活用工-2.3.0.apk（25M）');
    fireEvent.click(screen.getAllByRole('button', { name: /撤\s*回/ })[0]);
    await screen.findByText('确定撤回版本2.3.0吗？撤回后下载页将提供此前最新的未撤回版本。');
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1) as HTMLElement);
    await waitFor(() => expect(api.withdrawAppVersion).toHaveBeenCalledWith(1));

    api.appVersionList.mockResolvedValue({
      records: [{ ...version, withdrawnAt: Date.now() }, older],
      total: 2,
    });
    cleanup();
    renderWithQuery(<AppVersionsPage />);
    await screen.findByText('已撤回');
    const latest = screen.getByText('最新');
    expect(latest.closest('tr')?.textContent).toContain('2.2.0');
    expect(screen.getAllByRole('button', { name: /撤\s*回/ })).toHaveLength(1);
  });

  it('offers neither without appVersion:list:edit', async () => {
    renderWithQuery(<AppVersionsPage />);
    await screen.findByText('灵活用工-2.3.0.apk（25M）');
    expect(screen.queryByRole('button', { name: /撤\s*回/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });

  it('shows a package under 1 KB in bytes', async () => {
    api.appVersionList.mockResolvedValue({
      records: [{ ...version, android: { ...(version.android as NonNullable<AppVersion['android']>), fileSize: 600 } }],
      total: 1,
    });
    renderWithQuery(<AppVersionsPage />);
    expect(await screen.findByText('灵活用工-2.3.0.apk（600B）')).toBeTruthy();
  });
});
