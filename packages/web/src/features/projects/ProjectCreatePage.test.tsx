/**
 * The create page's whole-validation order (spec 1 §4, §5 unsaved blocks) and what it submits. The
 * basic and supplementary blocks are stand-ins that save or reopen on a click (their forms are
 * tested in ProjectBlocks.test.tsx); the service-type block is the real one, with its article picker.
 */
import { MSG } from '@fieldpay/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG, pickOption, renderWithQuery, signedInAs } from '../../components/list/testing';
import type { BasicBlockProps, TextBlockProps } from './ProjectBlocks';
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
const content = vi.hoisted(() => ({
  contentDetailKey: (id: number) => ['content', 'detail', id],
  fetchContentList: vi.fn(),
  fetchContentDetail: vi.fn(),
  shareAddress: vi.fn(),
  shareLink: (host: string, type: number, id: number) => `${host}/#/share/${type}/${id}`,
}));
vi.mock('../../components/content/content-calls', () => content);

const { BASIC, TEXT } = vi.hoisted(() => ({
  BASIC: {
    projectName: '心血管学术推广项目',
    projectTypeName: '医药',
    startTime: new Date('2026-01-01T00:00:00+08:00').getTime(),
    endTime: new Date('2026-06-30T23:59:59+08:00').getTime(),
    minPeopleNum: 5,
    maxPeopleNum: 50,
    taxId: 3,
    taxName: '海南税源地',
    projectScope: 0,
    authStatus: 0,
    processed: 1,
    productAssociation: 0,
    products: [],
    areaList: [],
  },
  TEXT: { description: '<p>面向三甲医院心内科的学术推广</p>', steps: '', fileList: [] },
}));

vi.mock('./ProjectBlocks', async (importOriginal) => {
  const blocks = await importOriginal<typeof import('./ProjectBlocks')>();
  /** A stand-in block: 存基础信息 saves a valid value and closes, 改基础信息 reopens it. */
  const standIn =
    <V,>(name: string, value: V) =>
    ({ onSave, onEditingChange }: { onSave(value: V): Promise<void>; onEditingChange?(editing: boolean): void }) => (
      <div>
        <button type="button" onClick={() => void onSave(value).then(() => onEditingChange?.(false))}>
          存{name}
        </button>
        <button type="button" onClick={() => onEditingChange?.(true)}>
          改{name}
        </button>
      </div>
    );
  return {
    ...blocks,
    BasicInfoBlock: standIn('基础信息', BASIC) as (props: BasicBlockProps) => ReactElement,
    SupplementaryBlock: standIn('补充信息', TEXT) as (props: TextBlockProps) => ReactElement,
  };
});

const click = (text: string) => fireEvent.click(screen.getByText(text, { selector: 'button, button *' }));
/** A stand-in's button: its save resolves, then it reports the block closed. */
const standIn = (text: string) => act(async () => click(text));
const submit = () => click('提交审核');

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
  sensitive.findSensitiveWords.mockResolvedValue({ words: [], message: '' });
  content.shareAddress.mockResolvedValue('https://share.example.cn');
  calls.createProject.mockResolvedValue({ id: 41, projectSn: 'XM261125000041' });
  content.fetchContentList.mockResolvedValue({
    records: [1, 2].map((id) => ({
      id,
      type: 1,
      title: `文章${id}`,
      author: '',
      cover: '',
      status: 1,
      companyId: 9,
      companyName: '杭州星联医药科技有限公司',
      questionCount: 0,
      updateTime: 0,
      createTime: 0,
    })),
    total: 2,
  });
});

describe('create project page', { timeout: 90_000 }, () => {
  it('asks for each unsaved block in order, then submits the service type with its articles as resourcedArr', async () => {
    renderWithQuery(<ProjectCreatePage />);
    submit();
    await waitFor(() => expect(toasts.warning).toHaveBeenLastCalledWith(MSG.taxSourceRequired), LONG);

    await standIn('存基础信息');
    submit();
    await waitFor(() => expect(toasts.warning).toHaveBeenLastCalledWith(MSG.saveServiceTypeFirst), LONG);

    // the real service-type block: 品牌宣传 with two articles of the enterprise's library
    await pickOption('服务类型', '品牌宣传 / 品牌宣传(文章阅读)');
    fireEvent.click(await screen.findByText('选择文章', { selector: 'button *' }, LONG));
    const dialog = (await screen.findByText('选择文章', { selector: '.ant-modal-title' }, LONG)).closest(
      '.ant-modal',
    ) as HTMLElement;
    for (const title of ['文章2', '文章1'])
      fireEvent.click(
        ((await within(dialog).findByText(title, {}, LONG)).closest('tr') as HTMLElement).querySelector(
          'input[type=checkbox]',
        ) as Element,
      );
    fireEvent.click(within(dialog).getByText('确 定').closest('button') as HTMLElement);
    await waitFor(() => expect(document.querySelectorAll('.project-resource-tag')).toHaveLength(2), LONG);
    submit();
    // still editing: not saved
    await waitFor(() => expect(toasts.warning).toHaveBeenLastCalledWith(MSG.saveServiceTypeFirst), LONG);
    fireEvent.click(screen.getByText('保 存', { selector: 'button *' }));
    // saved once the block shows its view (the form has a 推广文章 label too)
    await screen.findByText(
      '推广文章',
      { selector: '.ant-descriptions-item-label, .ant-descriptions-item-label *' },
      LONG,
    );

    submit();
    await waitFor(() => expect(toasts.warning).toHaveBeenLastCalledWith(MSG.saveSupplementaryInfoFirst), LONG);
    await standIn('存补充信息');
    await standIn('改基础信息');
    submit();
    await waitFor(() => expect(toasts.warning).toHaveBeenLastCalledWith(MSG.saveBasicInfoFirst), LONG);
    expect(calls.createProject).not.toHaveBeenCalled();

    await standIn('存基础信息');
    submit();
    await waitFor(() => expect(calls.createProject).toHaveBeenCalledTimes(1), LONG);
    const body = calls.createProject.mock.calls[0][0];
    expect(body).toMatchObject({
      taxId: 3,
      visitTypeList: [
        {
          boyaProjectVisitTypeModel: { visitParentId: 'p-ppxc', visitId: 'ppxc' },
          resourcedArr: [
            { id: 2, title: '文章2' },
            { id: 1, title: '文章1' },
          ],
        },
      ],
      projectText: TEXT,
    });
    expect(body.visitTypeList[0].boyaProjectVisitTypeModel).not.toHaveProperty('resourceInfo');
  });
});
