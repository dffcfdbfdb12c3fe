/**
 * The agreement template dialog (spec 3 §2, §5 "Agreement template"): required name and text, the
 * template rule on the marks, the sensitive-word check before saving, the variables sent as params,
 * and the read-only detail.
 */
import { AGREEMENT_TEMPLATE_MSG, MSG } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, LONG, renderWithQuery } from '../../components/list/testing';
import { AgreementTemplateDialog } from './AgreementTemplateDialog';

const api = vi.hoisted(() => ({
  AGREEMENT_TEMPLATES_KEY: ['agreement-templates'],
  fetchTemplate: vi.fn(),
  saveTemplate: vi.fn(),
}));
vi.mock('./agreement-template-calls', () => api);
const words = vi.hoisted(() => ({ findSensitiveWords: vi.fn() }));
vi.mock('../system/sensitive-word-calls', () => words);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

// ProseMirror scrolls the selection into view, which jsdom cannot measure
Range.prototype.getClientRects = () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as never;
Range.prototype.getBoundingClientRect = () => ({
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  top: 0,
  left: 0,
  right: 0,
  bottom: 0,
  toJSON: () => ({}),
});

const OWNER = { enterpriseId: 9, tenantId: 3 };
const SIGNED_TEXT =
  '<p>乙方：<span data-type="variable" data-key="userName" class="agreement-mark agreement-mark-variable">姓名</span></p>' +
  '<p><span data-type="signature" class="agreement-mark agreement-mark-signature">签名</span></p>';

const TEMPLATE = {
  id: 5,
  enterpriseId: 9,
  tenantId: 3,
  agreementName: '门店拜访服务协议',
  contractSn: 'XM900000005',
  content: SIGNED_TEXT,
  params: [{ key: 'userName', value: '姓名' }],
  signedCount: 0,
  createTime: 0,
  updateTime: 0,
};

beforeEach(() => {
  vi.resetAllMocks();
  api.fetchTemplate.mockResolvedValue(TEMPLATE);
  api.saveTemplate.mockResolvedValue({ result: { id: 5 }, message: '保存成功' });
  words.findSensitiveWords.mockResolvedValue({ words: [], message: '' });
});

describe('AgreementTemplateDialog', { timeout: 60_000 }, () => {
  it('asks for the name and the text of a new template', async () => {
    renderWithQuery(<AgreementTemplateDialog owner={OWNER} mode={{ kind: 'add' }} onClose={() => undefined} />);
    await screen.findByText('新增协议模板', {}, LONG);
    fireEvent.click(buttonByText('保 存'));
    const errors = () =>
      Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);
    await waitFor(() =>
      expect(errors()).toEqual([AGREEMENT_TEMPLATE_MSG.nameRequired, AGREEMENT_TEMPLATE_MSG.contentRequired]),
    );
    expect(api.saveTemplate).not.toHaveBeenCalled();
    // a signature field and variables, no seals
    expect(screen.getByLabelText('插入签名')).toBeTruthy();
    expect(screen.queryByLabelText('插入平台印章')).toBeNull();
    expect(screen.getByLabelText('插入变量')).toBeTruthy();
    // a template's name is at most 20
    expect((screen.getByPlaceholderText('请输入协议名称') as HTMLInputElement).maxLength).toBe(20);
  });

  it('saves an edited template with its variables as params after the sensitive-word check', async () => {
    const onClose = vi.fn();
    renderWithQuery(<AgreementTemplateDialog owner={OWNER} mode={{ kind: 'edit', id: 5 }} onClose={onClose} />);
    await screen.findByDisplayValue('门店拜访服务协议', {}, LONG);
    fireEvent.click(buttonByText('保 存'));
    await waitFor(() => expect(api.saveTemplate).toHaveBeenCalledTimes(1));
    expect(words.findSensitiveWords).toHaveBeenCalledWith(expect.stringContaining('门店拜访服务协议'));
    expect(api.saveTemplate).toHaveBeenCalledWith({
      ...OWNER,
      id: 5,
      agreementName: '门店拜访服务协议',
      content: SIGNED_TEXT,
      params: [{ key: 'userName', value: '姓名' }],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts.success).toHaveBeenCalledWith('保存成功');
  });

  it('names the sensitive words found and saves nothing', async () => {
    words.findSensitiveWords.mockResolvedValue({ words: ['违禁词'], message: '' });
    renderWithQuery(<AgreementTemplateDialog owner={OWNER} mode={{ kind: 'edit', id: 5 }} onClose={() => undefined} />);
    await screen.findByDisplayValue('门店拜访服务协议', {}, LONG);
    fireEvent.click(buttonByText('保 存'));
    await waitFor(() => expect(toasts.warning).toHaveBeenCalledWith(MSG.sensitiveWordsFoundNamed(['违禁词'])));
    expect(api.saveTemplate).not.toHaveBeenCalled();
  });

  it('shows the detail read-only', async () => {
    renderWithQuery(
      <AgreementTemplateDialog owner={OWNER} mode={{ kind: 'detail', id: 5 }} onClose={() => undefined} />,
    );
    await screen.findByText('协议模板详情', {}, LONG);
    await waitFor(() => expect((screen.getByDisplayValue('门店拜访服务协议') as HTMLInputElement).disabled).toBe(true));
    expect(screen.queryByText('保 存')).toBeNull();
    expect(screen.queryByLabelText('插入签名')).toBeNull();
    expect(buttonByText('关 闭')).toBeTruthy();
  });
});
