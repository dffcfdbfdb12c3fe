import { MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import {
  BasicInfoBlock,
  type BasicValue,
  emptyBasic,
  emptyServiceType,
  ServiceTypesBlock,
  SupplementaryBlock,
} from './ProjectBlocks';
import ProjectCreatePage from './ProjectCreatePage';

const calls = vi.hoisted(() => ({
  CITY_TREE_KEY: ['city', 'tree'],
  fetchCityTree: vi.fn(),
  createProject: vi.fn(),
}));
vi.mock('./project-calls', () => calls);
const sensitive = vi.hoisted(() => ({ findSensitiveWords: vi.fn() }));
vi.mock('../system/sensitive-word-calls', () => sensitive);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const filled = (change: Partial<BasicValue> = {}): BasicValue => ({
  ...emptyBasic(),
  projectName: '心血管学术推广项目',
  startTime: new Date('2026-01-01T00:00:00+08:00').getTime(),
  endTime: new Date('2026-06-30T23:59:59+08:00').getTime(),
  minPeopleNum: 5,
  maxPeopleNum: 50,
  taxId: 3,
  taxName: '海南税源地',
  ...change,
});

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  calls.fetchCityTree.mockResolvedValue([]);
  sensitive.findSensitiveWords.mockResolvedValue({ words: [], message: '' });
});

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('basic info block', () => {
  it.each([
    [{ minPeopleNum: '' }, MSG.headcountRequired],
    [{ minPeopleNum: '1.5' }, MSG.headcountRange],
    [{ minPeopleNum: '60' }, MSG.headcountMinAboveMax],
    [{ maxPeopleNum: '2001' }, MSG.headcountMaxTooLarge],
  ])('shows %j -> %s under the field and does not save', async (change, message) => {
    const onSave = vi.fn();
    renderWithQuery(<BasicInfoBlock value={filled()} canEdit initiallyEditing onSave={onSave} />);
    if ('minPeopleNum' in change) type('最少人数', change.minPeopleNum);
    if ('maxPeopleNum' in change) type('最多人数', change.maxPeopleNum);
    save();
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves and returns to view; cancel restores the previous values', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithQuery(<BasicInfoBlock value={filled()} canEdit initiallyEditing onSave={onSave} />);
    type('最多人数', '80');
    save();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ maxPeopleNum: '80', taxId: 3 })));
    expect(await screen.findByText('海南税源地', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    type('项目名称', '改过的名字');
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(screen.getByText('心血管学术推广项目')).toBeTruthy();
    expect(screen.queryByText('改过的名字')).toBeNull();
  });

  it('offers no 编辑 when editing is not allowed', () => {
    renderWithQuery(<BasicInfoBlock value={filled()} canEdit={false} onSave={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});

describe('service types block', () => {
  it('refuses more than 500 characters and sensitive words before saving', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithQuery(
      <ServiceTypesBlock
        value={[{ ...emptyServiceType(), visitParentId: 'dhbf', visitId: 'dhbf' }]}
        canEdit
        initiallyEditing
        onSave={onSave}
      />,
    );
    fireEvent.change(screen.getByPlaceholderText('请输入服务描述'), { target: { value: '文'.repeat(501) } });
    save();
    expect(await screen.findByText('服务描述不能超过500个字符', {}, { timeout: 5000 })).toBeTruthy();
    sensitive.findSensitiveWords.mockResolvedValue({ words: ['违禁词'], message: '' });
    fireEvent.change(screen.getByPlaceholderText('请输入服务描述'), { target: { value: '含违禁词' } });
    save();
    expect(await screen.findByText('内容包含敏感词：违禁词', {}, { timeout: 5000 })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for a type and shows 暂无数据 when there is none', async () => {
    const onSave = vi.fn();
    const view = renderWithQuery(<ServiceTypesBlock value={[]} canEdit initiallyEditing onSave={onSave} />);
    save();
    expect(await screen.findByText('请选择服务类型', {}, { timeout: 5000 })).toBeTruthy();
    view.unmount();
    renderWithQuery(<ServiceTypesBlock value={[]} canEdit={false} onSave={onSave} />);
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
  });
});

describe('supplementary block', () => {
  it('needs a project description', async () => {
    const onSave = vi.fn();
    renderWithQuery(<SupplementaryBlock value={null} canEdit initiallyEditing onSave={onSave} />);
    save();
    expect(await screen.findByText(MSG.projectDescriptionRequired, {}, { timeout: 5000 })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('create project page', () => {
  it('checks the whole form in order: tax source, then each block saved', async () => {
    renderWithQuery(<ProjectCreatePage />);
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(toasts.warning).toHaveBeenLastCalledWith(MSG.taxSourceRequired));
    expect(calls.createProject).not.toHaveBeenCalled();
  });
});
