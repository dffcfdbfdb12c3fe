/** Tax voucher rows and the mocked calls of the tax voucher screens' tests. */
import type { TaxVoucherRecord } from '@fieldpay/domain';
import { vi } from 'vitest';

const file = (id: number, name: string, fileType = 'png') => ({
  id,
  name,
  address: `/api/resource/file/3/TAXFILE${String(id).padStart(12, '0')}`,
  fileType,
});

export function voucherRow(id: number, change: Partial<TaxVoucherRecord> = {}): TaxVoucherRecord {
  return {
    id,
    tenantId: 3,
    tenantName: '华东众包服务平台',
    enterpriseId: 9,
    enterpriseName: '杭州星联医药科技有限公司',
    taxPeriod: '2026-10',
    paidTaxAmount: '1127.77',
    settlementNum: 2,
    account: '13700000003',
    realName: '陈思远',
    createTime: new Date('2026-11-02T10:00:00+08:00').getTime(),
    updateTime: new Date('2026-11-02T10:00:00+08:00').getTime(),
    voucherImages: [file(id * 10 + 1, '完税证明.png')],
    reportImages: [file(id * 10 + 2, '代扣代缴明细报告.png')],
    taxListFile: file(id * 10 + 3, '缴税清单.pdf', 'pdf'),
    ...change,
  };
}

export const mockTaxVoucherCalls = () => ({
  TAX_VOUCHER_KEY: ['tax-vouchers'],
  TAX_VOUCHER_LIST_KEY: ['tax-vouchers', 'list'],
  taxVoucherSettlementsKey: (id: number) => ['tax-vouchers', 'settlements', id],
  taxPeriodKey: (enterpriseId: number, tenantId: number, taxPeriod: string) => [
    'tax-vouchers',
    'period',
    enterpriseId,
    tenantId,
    taxPeriod,
  ],
  fetchTaxVouchers: vi.fn(),
  fetchTaxVoucherSettlements: vi.fn(),
  fetchTaxPeriod: vi.fn(),
  saveTaxVoucher: vi.fn(),
});
