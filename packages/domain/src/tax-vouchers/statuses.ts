/**
 * Tax vouchers (完税凭证, spec 2 §2.7, §3 "Tax voucher row"; decision 0032): the platform's proof
 * that the taxes it withheld on an enterprise's settlements in one month (the tax period) were paid.
 */

/** The folder the voucher's files are uploaded under (uploadPath). */
export const TAX_VOUCHER_UPLOAD_PATH = 'taxVoucher';

/** A tax period: the month the withheld taxes belong to, 'yyyy-MM'. */
export const TAX_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const TAX_VOUCHER_MSG = {
  notFound: '完税凭证不存在',
  taxPeriodRequired: '请选择税款所属期',
  taxPeriodInFuture: '税款所属期不能晚于本月',
  enterpriseRequired: '请选择企业',
  noWithheldTax: '该企业在所选税款所属期没有已代扣的税款',
  fileNotYours: '文件不属于该完税凭证，请重新上传',
  saved: '完税凭证已保存',
  uploadedByTenant: '完税凭证由代扣税款的平台上传',
  /** the list's search: an enterprise name up to 50 characters */
  nameTooLong: '企业名称不能超过50个字符',
} as const;
