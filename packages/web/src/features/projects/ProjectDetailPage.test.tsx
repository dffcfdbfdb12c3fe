import { type ProjectSnapshot, type ProjectLogRecord, MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/http';
import { useSession } from '../../app/session-store';
import { LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import ProjectDetailPage from './ProjectDetailPage';

const calls = vi.hoisted(() => ({
  projectDetailKey: (id: number) => ['project', 'detail', id],
  fetchProjectDetail: vi.fn(),
  fetchProjectFromLog: vi.fn(),
  saveProjectBasic: vi.fn(),
  saveProjectVisitType: vi.fn(),
  saveProjectText: vi.fn(),
  startProjectAudit: vi.fn(),
  auditProject: vi.fn(),
  pauseProject: vi.fn(),
  resumeProject: vi.fn(),
  endProject: vi.fn(),
  CITY_TREE_KEY: ['city', 'tree'],
  fetchCityTree: vi.fn(),
  workLocationsKey: (...key: number[]) => ['project', 'workLocations', ...key],
  fetchWorkLocations: vi.fn(),
}));
vi.mock('./project-calls', () => calls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));
const sensitive = vi.hoisted(() => ({ findSensitiveWords: vi.fn() }));
vi.mock('../system/sensitive-word-calls', () => sensitive);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const files = vi.hoisted(() => ({ uploadForm: vi.fn(), fileLink: vi.fn() }));
vi.mock('../../components/upload/file-calls', () => files);

const at = (text: string) => new Date(`${text}+08:00`).getTime();

const snapshot = (): ProjectSnapshot & { logList: ProjectLogRecord[] } => ({
  project: {
    id: 7,
    projectName: '心血管学术推广项目',
    projectSn: 'XM20261120007',
    clientId: 9,
    clientName: '杭州星联医药科技有限公司',
    tenantId: 3,
    tenantName: '华东众包服务平台',
    projectTypeName: '医药',
    taxId: 3,
    taxName: '海南税源地',
    authStatus: 0,
    processed: 0,
    processedName: '',
    productAssociation: 0,
    boyaProduct: [],
    startTime: at('2026-01-01T00:00:00'),
    endTime: at('2026-06-30T23:59:59'),
    cycleDate: '2026-01-01 至 2026-06-30',
    minPeopleNum: 5,
    maxPeopleNum: 50,
    projectScope: 0,
    areaList: [],
    isProjectAgreement: 0,
    projectAgreementId: null,
    projectAgreementName: '',
    enterpriseProjectAgreementId: null,
    projectStatus: 4,
    projectStatus_dictText: '进行中',
    createName: '周敏',
    createTime: at('2026-11-20T10:00:00'),
    auditUserName: '李审核',
    auditTime: at('2026-11-20T11:00:00'),
    stopTime: null,
    otherTenantVos: [],
    parentVisitTypeNames: '',
  },
  visitTypeList: [],
  projectText: { id: 1, projectId: 7, description: '<p>面向三甲医院开展</p>', steps: '招募、培训', fileList: [] },
  auditList: [],
  logList: [],
});

const textBlock = () =>
  screen.getByText('补充信息', { selector: '.ant-card-head-title' }).closest('.project-block') as HTMLElement;

async function saveTheText() {
  renderWithQuery(<ProjectDetailPage />, { at: '/projectManage/project/detail?id=7' });
  await screen.findByText('XM20261120007', { exact: false }, LONG);
  fireEvent.click(within(textBlock()).getByRole('button', { name: /编\s*辑/ }));
  await within(textBlock()).findByRole('textbox', { name: '项目描述' }, LONG);
  fireEvent.click(within(textBlock()).getByRole('button', { name: /保\s*存/ }));
  await waitFor(() => expect(calls.saveProjectText).toHaveBeenCalledTimes(1), LONG);
  expect(calls.saveProjectText).toHaveBeenCalledWith({
    projectId: 7,
    description: '<p>面向三甲医院开展</p>',
    steps: '招募、培训',
    fileList: [],
  });
}

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['projectManage:list:view', 'projectManage:pro:modify'] });
  calls.fetchProjectDetail.mockResolvedValue(snapshot());
  calls.fetchCityTree.mockResolvedValue([]);
  sensitive.findSensitiveWords.mockResolvedValue({ words: [], message: '' });
  lookups.fetchLookup.mockResolvedValue({ records: [], total: 0 });
});

describe('ProjectDetailPage block saves', { timeout: 60_000 }, () => {
  it("shows the server's message as the success of a saved block and returns it to view", async () => {
    // whatever the server answers is what the user reads
    calls.saveProjectText.mockResolvedValue('补充信息已保存');
    await saveTheText();
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('补充信息已保存'), LONG);
    await waitFor(() => expect(within(textBlock()).queryByRole('button', { name: /保\s*存/ })).toBeNull(), LONG);
    expect(toasts.warning).not.toHaveBeenCalled();
  });

  it('falls back to 保存成功 when the server answers no message', async () => {
    calls.saveProjectText.mockResolvedValue('');
    await saveTheText();
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith(MSG.saveSuccess), LONG);
  });

  it('keeps the block open and shows no success when the server refuses (its message is the warning)', async () => {
    // the request layer shows a refusal's message as a warning (api/http.test.ts) and throws
    calls.saveProjectText.mockRejectedValue(new ApiError('项目状态不允许修改', 500, null, 200));
    await saveTheText();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toasts.success).not.toHaveBeenCalled();
    expect(within(textBlock()).getByRole('button', { name: /保\s*存/ })).toBeTruthy();
  });

  it('offers 编辑 only on the platform side with projectManage:pro:modify', async () => {
    useSession.setState({ permList: ['projectManage:list:view'] });
    renderWithQuery(<ProjectDetailPage />, { at: '/projectManage/project/detail?id=7' });
    await screen.findByText('XM20261120007', { exact: false }, LONG);
    expect(within(textBlock()).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
