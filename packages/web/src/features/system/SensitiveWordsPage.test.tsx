import { defaultColumns } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import SensitiveWordsPage, { splitWords, wordsProblem } from './SensitiveWordsPage';

const layouts = vi.hoisted(() => ({ fetchColumnLayout: vi.fn(), saveColumnLayout: vi.fn() }));
vi.mock('../../components/list/column-layout-calls', () => layouts);
const api = vi.hoisted(() => ({
  fetchSensitiveWords: vi.fn(),
  addSensitiveWords: vi.fn(),
  deleteSensitiveWords: vi.fn(),
  findSensitiveWords: vi.fn(),
}));
vi.mock('./sensitive-word-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const word = (id: number, text: string) => ({ id, word: text, createName: '系统预置', createTime: 1_763_600_000_000 });

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 1);
  layouts.fetchColumnLayout.mockResolvedValue({
    serviceName: 'sensitiveWordList',
    type: 0,
    contentJson: defaultColumns('sensitiveWordList', 'admin'),
    custom: false,
  });
  api.fetchSensitiveWords.mockResolvedValue({ records: [word(1, '回扣'), word(2, '带金销售')], total: 2 });
});

const renderPage = () =>
  renderWithQuery(
    <ConfirmProvider>
      <SensitiveWordsPage />
    </ConfirmProvider>,
  );

describe('typed words', () => {
  it('split on lines, commas, 、 and semicolons', () => {
    expect(splitWords('回扣\n带金销售，统方、 处方提成;;\n\n临床费；红包返现')).toEqual([
      '回扣',
      '带金销售',
      '统方',
      '处方提成',
      '临床费',
      '红包返现',
    ]);
  });

  it('are refused when empty, too long or too many', () => {
    expect(wordsProblem([])).toBe('请输入敏感词');
    expect(wordsProblem(['字'.repeat(31)])).toBe('敏感词不能超过30个字符');
    expect(wordsProblem(Array(201).fill('词'))).toBe('一次最多添加200个敏感词');
    expect(wordsProblem(['回扣', '字'.repeat(30)])).toBeNull();
  });
});

describe('SensitiveWordsPage', { timeout: 60_000 }, () => {
  it('lists the words and searches by word', async () => {
    renderPage();
    expect(await screen.findByText('带金销售')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入敏感词'), { target: { value: '回' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.fetchSensitiveWords).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, word: '回' }),
    );
  });

  it('adds several words at once, refusing an empty box first', async () => {
    api.addSensitiveWords.mockResolvedValue({
      added: ['统方'],
      existing: ['回扣'],
      message: '已添加1个敏感词，1个已存在',
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /添加敏感词/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入敏感词', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入敏感词'), { target: { value: '统方\n回扣' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.addSensitiveWords).toHaveBeenCalledWith(['统方', '回扣']));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('已添加1个敏感词，1个已存在'));
  });

  it('deletes a word only after confirming', async () => {
    api.deleteSensitiveWords.mockResolvedValue('删除成功');
    renderPage();
    await screen.findByText('回扣');
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    expect(await screen.findByText('确定删除选中的1个敏感词吗？删除后将不再拦截这些词')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(api.deleteSensitiveWords).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.deleteSensitiveWords).toHaveBeenCalledWith([1]));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('删除成功'));
  });

  it('tries a text against the list and shows the words found', async () => {
    api.findSensitiveWords
      .mockResolvedValueOnce({ words: ['回扣', '带金销售'], message: '内容包含敏感词：回扣、带金销售' })
      .mockResolvedValueOnce({ words: [], message: '操作成功' });
    renderPage();
    const box = await screen.findByPlaceholderText('输入服务描述、协议内容等文本，检测是否包含敏感词');
    fireEvent.change(box, { target: { value: '推广有回扣，带金销售' } });
    fireEvent.click(screen.getByRole('button', { name: /检\s*测/ }));
    expect(await screen.findByText('内容包含敏感词：回扣、带金销售')).toBeTruthy();
    expect(api.findSensitiveWords).toHaveBeenCalledWith('推广有回扣，带金销售');
    fireEvent.change(box, { target: { value: '正规学术推广' } });
    fireEvent.click(screen.getByRole('button', { name: /检\s*测/ }));
    expect(await screen.findByText('未发现敏感词')).toBeTruthy();
  });
});
