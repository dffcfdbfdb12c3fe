/**
 * Where the tax voucher list lives (发票管理 > 完税中心 > 完税凭证) and its upload page (?upload=1), in a
 * module of its own so that pages linking here stay out of the list's chunk.
 */
export const TAX_VOUCHER_LIST_PATH = '/invoice/tax/voucherList';

export const taxVoucherUploadPath = `${TAX_VOUCHER_LIST_PATH}?upload=1`;
