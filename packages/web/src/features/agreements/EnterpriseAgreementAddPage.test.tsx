/**
 * 新增协议 (spec 3 §2, §5 "Enterprise agreement form"): the required messages of each signing method,
 * the platform fixed for a platform's staff, and the save call's input from the form's values.
 */
import { ENTERPRISE_AGREEMENT_MSG } from '@fieldpay/domain';
import { fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { buttonByText, LONG, renderPageAt, signedInAs } from '../../components/list/testing';
import EnterpriseAgreementAddPage, { toSaveInput } from './EnterpriseAgreementAddPage';

const api = vi.hoisted(() => ({
  ENTERPRISE_AGREEMENT_LIST_KEY: ['enterprise-agreements', 'list'],
  saveEnterpriseAgreement: vi.fn(),
  fetchSignAddress: vi.fn(),
  openInNewWindow: vi.fn(),
  reloadAfterSigning: vi.fn(),
  fetchAgreementDetail: vi.fn(),
}));
vi.mock('./enterprise-agreement-calls', () => api);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const PATH = '/enterpriseManage/agreement/add';

function open(userIdentity: 1 | 2) {
  signedInAs('platform', userIdentity);
  useSession.setState({ permList: ['enterpriseAgreement:list:add'] });
  renderPageAt(PATH, <EnterpriseAgreementAddPage />, PATH);
}

beforeEach(() => {
  vi.resetAllMocks();
  lookups.fetchLookup.mockResolvedValue({ records: [], total: 0 });
});

describe('toSaveInput', () => {
  const common = {
    enterpriseId: 9,
    term: [dayjs('2026-12-01'), dayjs('2027-11-30')] as [dayjs.Dayjs, dayjs.Dayjs],
    enterpriseSignTime: dayjs('2026-11-28'),
  };
  it('sends an offline agreement’s files by address, without name or content', () => {
    const input = toSaveInput(
      {
        ...common,
        agreementType: 0,
        agreementList: [
          { name: '协议.pdf', address: '/api/resource/file/3/abcdefabcdefabcdef' },
          { name: '删掉的.pdf', address: '/api/resource/file/3/zzzzzzzzzzzzzzzzzz', delFlag: 1 },
        ],
      },
      3,
    );
    expect(input).toEqual({
      agreementType: 0,
      tenantId: 3,
      enterpriseId: 9,
      enterpriseSignTime: '2026-11-28',
      startTime: '2026-12-01',
      endTime: '2027-11-30',
      agreementList: [{ agreementName: '协议.pdf', agreementAddress: '/api/resource/file/3/abcdefabcdefabcdef' }],
    });
  });
  it('sends an online agreement’s trimmed name and its text', () => {
    const input = toSaveInput({ ...common, agreementType: 1, agreementName: ' 年度协议 ', content: '<p>正文</p>' }, 3);
    expect(input).toMatchObject({ agreementType: 1, agreementName: '年度协议', content: '<p>正文</p>' });
    expect(input).not.toHaveProperty('agreementList');
  });
});

describe('EnterpriseAgreementAddPage', { timeout: 60_000 }, () => {
  it('asks a platform’s staff for each offline field, its own platform fixed', async () => {
    open(2);
    await screen.findByText('签署方式', {}, LONG);
    expect((screen.getByDisplayValue('华东众包服务平台') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByText('协议名称')).toBeNull();
    fireEvent.click(buttonByText('保 存'));
    for (const message of [
      ENTERPRISE_AGREEMENT_MSG.enterpriseRequired,
      ENTERPRISE_AGREEMENT_MSG.datesRequired,
      ENTERPRISE_AGREEMENT_MSG.signDateRequired,
      ENTERPRISE_AGREEMENT_MSG.filesRequired,
    ]) {
      expect(await screen.findByText(message, {}, LONG)).toBeTruthy();
    }
    expect(api.saveEnterpriseAgreement).not.toHaveBeenCalled();
  });

  it('has the operator choose the platform, and an online agreement its name before the text', async () => {
    open(1);
    await screen.findByText('签署方式', {}, LONG);
    fireEvent.click(screen.getByLabelText('线上协议'));
    expect(await screen.findByText('协议名称')).toBeTruthy();
    expect(screen.queryByText('协议文件')).toBeNull();
    fireEvent.click(buttonByText('下一步'));
    expect(await screen.findByText(ENTERPRISE_AGREEMENT_MSG.tenantRequired, {}, LONG)).toBeTruthy();
    expect(await screen.findByText(ENTERPRISE_AGREEMENT_MSG.nameRequired)).toBeTruthy();
    // an agreement's name on the form is at most 40
    expect((screen.getByPlaceholderText('请输入协议名称') as HTMLInputElement).maxLength).toBe(40);
    // still on the first step: the editor's step stays hidden
    expect(screen.getByText(ENTERPRISE_AGREEMENT_MSG.signHint).closest('[hidden]')).not.toBeNull();
  });
});
