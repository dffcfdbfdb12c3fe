/**
 * 协议凭证 (spec 3 §4 "Enterprise page editing", §5 "Enterprise agreement upload"): the counts, the
 * upload form only while the enterprise has no agreement and only for the platform's own staff with
 * the add code, and its required messages.
 */
import { ENTERPRISE_AGREEMENT_MSG, type EnterpriseInfo } from '@fieldpay/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { buttonByText, LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import { EnterpriseAgreementsBlock } from './EnterpriseAgreementsBlock';

const api = vi.hoisted(() => ({
  ENTERPRISE_AGREEMENT_LIST_KEY: ['enterprise-agreements', 'list'],
  SIGNING_RECORDS_KEY: ['enterprise-agreements', 'records'],
  fetchSigningRecords: vi.fn(),
  saveEnterpriseAgreement: vi.fn(),
}));
vi.mock('../agreements/enterprise-agreement-calls', () => api);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const INFO = { id: 9, tenantId: 3, unmasked: false } as EnterpriseInfo;
const page = (total: number) => ({ records: [], total });

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  useSession.setState({ permList: ['enterpriseAgreement:list:view', 'enterpriseAgreement:list:add'] });
});

describe('EnterpriseAgreementsBlock', { timeout: 60_000 }, () => {
  it('counts the agreements and those in force', async () => {
    api.fetchSigningRecords.mockImplementation(async (query: { signStatus?: number }) =>
      page(query.signStatus === 2 ? 1 : 4),
    );
    renderWithQuery(<EnterpriseAgreementsBlock info={INFO} />);
    expect(await screen.findByText('共 4 份协议，其中履约中 1 份', {}, LONG)).toBeTruthy();
    expect(screen.queryByText('上传协议')).toBeNull();
  });

  it('lets the platform’s staff upload the first agreement, asking for each field', async () => {
    api.fetchSigningRecords.mockResolvedValue(page(0));
    renderWithQuery(<EnterpriseAgreementsBlock info={INFO} />);
    fireEvent.click(await screen.findByText('保 存', {}, LONG));
    const errors = () =>
      Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((node) => node.textContent);
    await waitFor(() =>
      expect(errors()).toEqual([
        ENTERPRISE_AGREEMENT_MSG.voucherRequired,
        ENTERPRISE_AGREEMENT_MSG.datesRequired,
        ENTERPRISE_AGREEMENT_MSG.signDateRequired,
      ]),
    );
    expect(api.saveEnterpriseAgreement).not.toHaveBeenCalled();
  });

  it('shows no form to the operator or without the add code', async () => {
    api.fetchSigningRecords.mockResolvedValue(page(0));
    signedInAs('platform', 1);
    useSession.setState({ permList: ['enterpriseAgreement:list:view', 'enterpriseAgreement:list:add'] });
    renderWithQuery(<EnterpriseAgreementsBlock info={INFO} />);
    expect(await screen.findByText('暂无协议', {}, LONG)).toBeTruthy();
    expect(screen.queryByText('保 存')).toBeNull();
    expect(buttonByText('签署记录')).toBeTruthy();
    // the signing records come 10 a page
    fireEvent.click(buttonByText('签署记录'));
    await waitFor(() =>
      expect(api.fetchSigningRecords).toHaveBeenCalledWith(expect.objectContaining({ pageNo: 1, pageSize: 10 })),
    );
  });
});
