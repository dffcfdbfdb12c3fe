import type { ContentDetail, ContentListRecord } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { ContentPickerDialog } from '../../components/content/ContentPickerDialog';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import ContentArticleListPage from './ContentArticleListPage';
import ContentQuestionnaireListPage from './ContentQuestionnaireListPage';

const calls = vi.hoisted(() => ({
  CONTENT_KEY: ['content'],
  contentListKey: (type: number) => ['content', 'list', type],
  contentDetailKey: (id: number) => ['content', 'detail', id],
  fetchContentList: vi.fn(),
  fetchContentDetail: vi.fn(),
  saveContent: vi.fn(),
  setContentStatus: vi.fn(),
  deleteContent: vi.fn(),
  shareAddress: vi.fn(),
  shareLink: (host: string, type: number, id: number) =>
    `${host}/#/share/${type === 2 ? 'questionnaire' : 'article'}/${id}`,
}));
vi.mock('../../components/content/content-calls', () => calls);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const record = (id: number, extra: Partial<ContentListRecord> = {}): ContentListRecord => ({
  id,
  type: 1,
  title: `文章${id}`,
  author: '市场部',
  cover: '',
  status: 1,
  companyId: 9,
  companyName: '杭州星联医药科技有限公司',
  questionCount: 0,
  updateTime: new Date('2026-10-02T10:00:00+08:00').getTime(),
  createTime: new Date('2026-10-01T10:00:00+08:00').getTime(),
  ...extra,
});

function asEnterprise() {
  signedInAs('enterprise', 2);
  useSession.setState({
    permList: ['content:list:view', 'content:list:add', 'content:list:edit', 'content:list:delete'],
  });
}

/** The button showing a text (antd spaces two-character labels: 保 存); text queries keep jsdom fast. */
const button = (text: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button *' }).closest('button') as HTMLElement;
const findButton = async (text: string | RegExp, root: HTMLElement = document.body) =>
  (await within(root).findByText(text, { selector: 'button *' })).closest('button') as HTMLElement;
const dialogOf = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

beforeEach(() => {
  vi.resetAllMocks();
  calls.shareAddress.mockResolvedValue('https://share.example.cn');
  calls.fetchContentList.mockResolvedValue({ records: [], total: 0 });
});

describe('the content lists', () => {
  it('shows 暂无数据 when the library is empty', async () => {
    asEnterprise();
    renderWithQuery(<ContentArticleListPage />);
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
    expect(calls.fetchContentList).toHaveBeenCalledWith(expect.objectContaining({ type: 1, pageNo: 1 }));
  });

  it('the article form says what is missing and saves a valid article', async () => {
    asEnterprise();
    calls.saveContent.mockResolvedValue('保存成功');
    renderWithQuery(<ContentArticleListPage />);
    fireEvent.click(await findButton('新增文章'));
    const dialog = await dialogOf('新增文章');
    fireEvent.click(button('保 存', dialog));
    expect(await within(dialog).findByText('请输入标题')).toBeTruthy();
    expect(await within(dialog).findByText('请输入文章内容')).toBeTruthy();
    expect(calls.saveContent).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByPlaceholderText('请输入标题'), { target: { value: '新品介绍' } });
    const body = within(dialog).getByLabelText('正文');
    // the article context's editor frame (spec 3 §2)
    expect(body.style.height).toBe('500px');
    body.innerHTML = '<p>正文</p>';
    fireEvent.input(body);
    fireEvent.click(button('保 存', dialog));
    await waitFor(() =>
      expect(calls.saveContent).toHaveBeenCalledWith(
        expect.objectContaining({ type: 1, title: '新品介绍', content: '<p>正文</p>', questionList: [] }),
      ),
    );
    expect(toasts.success).toHaveBeenCalledWith('保存成功');
  });

  it('the questionnaire form asks for questions, names and two options', async () => {
    asEnterprise();
    renderWithQuery(<ContentQuestionnaireListPage />);
    fireEvent.click(await findButton('新增问卷'));
    const dialog = await dialogOf('新增问卷');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入标题'), { target: { value: '门店调研' } });
    fireEvent.click(button('保 存', dialog));
    expect(await within(dialog).findByText('请添加题目')).toBeTruthy();

    fireEvent.click(button('添加题目', dialog));
    fireEvent.click(within(dialog).getAllByLabelText('删除选项')[0]);
    fireEvent.click(button('保 存', dialog));
    expect(await within(dialog).findByText('请输入题目名称')).toBeTruthy();
    expect(await within(dialog).findByText('请至少添加两个选项')).toBeTruthy();
    expect(calls.saveContent).not.toHaveBeenCalled();
  });

  it('previews a row on a phone with the share QR code', async () => {
    asEnterprise();
    calls.fetchContentList.mockResolvedValue({ records: [record(7, { type: 2, title: '满意度问卷' })], total: 1 });
    const detail: ContentDetail = {
      ...record(7, { type: 2, title: '满意度问卷', questionCount: 2 }),
      content: '<p>说明</p>',
      questionList: [
        { id: 1, subjectType: 13, subjectName: '满意度', subjectContent: '', required: 1, optionList: [] },
        {
          id: 2,
          subjectType: 10,
          subjectName: '门店类型',
          subjectContent: '',
          required: 0,
          optionList: [
            { optionContent: '连锁', address: '', type: 1, isMust: 0, bindOption: 0 },
            { optionContent: '单体', address: '', type: 1, isMust: 0, bindOption: 0 },
          ],
        },
      ],
    };
    calls.fetchContentDetail.mockResolvedValue(detail);
    renderWithQuery(<ContentQuestionnaireListPage />);
    fireEvent.click(await findButton(/^预\s?览$/));
    const phone = await screen.findByTestId('phone-preview');
    expect(within(phone).getByText('满意度问卷')).toBeTruthy();
    expect(within(phone).getByLabelText('五星评分')).toBeTruthy();
    expect(within(phone).getByText('连锁')).toBeTruthy();
    expect(await screen.findByText('https://share.example.cn/#/share/questionnaire/7')).toBeTruthy();
  });
});

describe('the picker', () => {
  const page = { records: Array.from({ length: 7 }, (_, i) => record(i + 1)), total: 7 };
  const checkboxOf = (title: string) =>
    (screen.getByText(title).closest('tr') as HTMLElement).querySelector('input[type=checkbox]') as HTMLElement;

  it('searches by title with pages of 10 and refuses a sixth selection', async () => {
    asEnterprise();
    calls.fetchContentList.mockResolvedValue(page);
    const onOk = vi.fn();
    renderWithQuery(<ContentPickerDialog open type={1} onOk={onOk} onCancel={() => {}} />);
    await screen.findByText('文章1');
    expect(calls.fetchContentList).toHaveBeenCalledWith(expect.objectContaining({ type: 1, status: 1, pageSize: 10 }));
    for (let i = 1; i <= 6; i++) fireEvent.click(checkboxOf(`文章${i}`));
    expect(toasts.warning).toHaveBeenCalledWith('最多选择5个文章/问卷');
    expect(screen.getByText('已选 5/5')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '文章7' } });
    fireEvent.click(button('查 询'));
    await waitFor(() =>
      expect(calls.fetchContentList).toHaveBeenCalledWith(expect.objectContaining({ title: '文章7' })),
    );

    fireEvent.click(button('确 定'));
    expect(onOk).toHaveBeenCalledWith([1, 2, 3, 4, 5].map((id) => ({ id, title: `文章${id}` })));
  });

  it('takes 10 where the service type allows', async () => {
    asEnterprise();
    calls.fetchContentList.mockResolvedValue(page);
    renderWithQuery(<ContentPickerDialog open type={2} max={10} onOk={() => {}} onCancel={() => {}} />);
    await screen.findByText('文章1');
    for (let i = 1; i <= 7; i++) fireEvent.click(checkboxOf(`文章${i}`));
    expect(toasts.warning).not.toHaveBeenCalled();
    expect(screen.getByText('已选 7/10')).toBeTruthy();
  });
});
