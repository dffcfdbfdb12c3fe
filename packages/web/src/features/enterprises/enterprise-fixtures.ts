/** The enterprise screens' tests: an enterprise's info as the server answers it (masked), and the calls mocked. */
import type { EnterpriseInfo } from '@fieldpay/domain';
import { vi } from 'vitest';

/**
 * `./enterprise-calls` with every call a mock and the query keys and paths kept:
 * `const calls = await vi.hoisted(async () => (await import('./enterprise-fixtures')).mockEnterpriseCalls());`
 * then `vi.mock('./enterprise-calls', () => calls)`.
 */
export const mockEnterpriseCalls = () => ({
  enterpriseInfoKey: (id: number, tenantId?: number, token?: string) => ['enterprise', 'info', id, tenantId, token],
  fetchEnterpriseInfo: vi.fn(),
  setEnterpriseStatus: vi.fn(),
  feeKey: (owner: { enterpriseId: number }) => ['enterprise', 'fee', owner.enterpriseId],
  fetchCurrentFee: vi.fn(),
  fetchFeeOrdered: vi.fn(),
  saveFee: vi.fn(),
  saveEnterpriseContact: vi.fn(),
  fetchDictOptions: vi.fn(),
  saveEnterpriseLimit: vi.fn(),
  bankCardsKey: (owner: { enterpriseId: number }, token?: string) => [
    'enterprise',
    'bankCards',
    owner.enterpriseId,
    token,
  ],
  fetchBankCards: vi.fn(),
  fetchBankSystems: vi.fn(),
  addBankCard: vi.fn(),
  editBankCard: vi.fn(),
  deleteBankCard: vi.fn(),
  OWN_ACCOUNT_PATH: '/company/account/info',
  OWN_AUTH_MODIFY_PATH: '/company/account/info/modifyAuth',
  saveEnterpriseAuth: vi.fn(),
  payAccountSystemsKey: (owner: { enterpriseId: number }) => ['enterprise', 'payAccountSystems', owner.enterpriseId],
  fetchPayAccountSystems: vi.fn(),
  openPayAccount: vi.fn(),
});

export const enterpriseInfoFixture = (extra: Partial<EnterpriseInfo> = {}): EnterpriseInfo => ({
  id: 9,
  tenantId: 3,
  tenantName: '华东众包服务平台',
  enterpriseSn: 'QY30001',
  name: '杭州星联医药科技有限公司',
  taxNumber: '91330106MA2KXXXX1X',
  address: '浙江省杭州市西湖区文三路 478 号',
  contactPhone: '139****5678',
  contactEmail: 'fi****@xinglian.cn',
  orgCodeTxt: 'MA2KXXXX1',
  status: 1,
  createTime: new Date('2025-03-01T09:00:00+08:00').getTime(),
  projectCount: 3,
  unmasked: false,
  tags: [{ id: 1, tag: '重点客户' }],
  idName: '王*',
  idCard: '330***********1234',
  license: '',
  logo: '',
  idCardFront: '1',
  idCardBack: '1',
  registeredCapital: '**',
  manageStatus: '',
  manageStatus_dictText: '**',
  cases: '',
  cases_dictText: '**',
  payVos: [{ id: 1, bankName: '招商银行', accountName: '杭州星联医药科技有限公司', bankAccount: '5719 **** 0012' }],
  fee: {
    feeMode: 1,
    chargingMode: 0,
    serviceRate: null,
    feeList: [
      { start: '0', end: '30000', fee: '6.00' },
      { start: '30000', end: null, fee: '7.50' },
    ],
    updateTime: new Date('2026-10-01T10:00:00+08:00').getTime(),
  },
  pendingFee: null,
  ...extra,
});
