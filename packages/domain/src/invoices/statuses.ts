/**
 * The invoice lifecycle (spec 2 §3 "Invoice", §4; spec 3 §4 "Invoice"; decision 0031). The
 * enterprise applies for an invoice of its paid-out settlements; the platform issues and sends it
 * (状态更新: invoice numbers, express numbers, files); the enterprise confirms receipt (查收).
 * The two status columns move together:
 *
 *   applied  send 1 待发送 · recipient 0 待开票
 *   sent     send 2 已发送 · recipient 1 待查收   (编辑状态信息 may correct numbers and files)
 *   received send 2 已发送 · recipient 2 已查收   (final)
 */
export const INVOICE_STATE = {
  applied: { send: 1, recipient: 0 },
  sent: { send: 2, recipient: 1 },
  received: { send: 2, recipient: 2 },
} as const;

/** invoiceType: the kind of VAT invoice asked for. */
export const INVOICE_TYPES = { 1: '增值税专用发票', 2: '增值税普通发票' } as const;
export type InvoiceTypeCode = keyof typeof INVOICE_TYPES;

/** invoiceCategory: the goods-and-services name printed on the invoice. */
export const INVOICE_CATEGORIES = ['现代服务*企业管理服务', '现代服务*市场推广服务', '现代服务*咨询服务'] as const;

/** bizSn entry types: 1 invoice numbers, 2 express numbers (spec 2 §3). */
export const INVOICE_BIZ_TYPE = { invoiceNumber: 1, expressNumber: 2 } as const;

/** How invoice numbers are joined into invoiceNum (a full-width comma, spec 2 §3). */
export const INVOICE_NUMBER_SEPARATOR = '，';

/** The upload folder of invoice files: uploaded with uploadPath invoice and the invoice's id. */
export const INVOICE_UPLOAD_PATH = 'invoice';

/** At most this many settlements on one invoice. */
export const INVOICE_SETTLEMENTS_MAX = 50;

/** Messages of the invoice service and screens. */
export const INVOICE_MSG = {
  notFound: '发票不存在',
  settlementsRequired: '请选择需要开票的结算单',
  settlementsTooMany: `一次最多选择${INVOICE_SETTLEMENTS_MAX}个结算单开票`,
  settlementNotInvoiceable: '所选结算单不存在、未结算完成或已开票，请刷新后重试',
  invoiceInfoMissing: '请先完善开票信息',
  invoiceTypeRequired: '请选择发票类型',
  invoiceCategoryRequired: '请选择开票类目',
  sendingTypeRequired: '请选择寄送方式',
  recipientRequired: '请输入收件人',
  recipientPhoneRequired: '请输入收件人电话',
  recipientAddressRequired: '请输入收件地址',
  recipientEmailRequired: '请输入收件邮箱',
  invoiceTimeRequired: '请选择开票时间',
  invoiceNumbersRequired: '请添加发票号码',
  expressNumbersRequired: '请添加快递号码',
  invoiceFileNotYours: '请上传发票文件后再提交',
  notUpdatable: '该发票已查收，不能再修改状态信息',
  notReceivable: '仅待查收的发票可以查收',
  applied: '开票申请已提交，请等待平台开票',
  statusUpdated: '状态已更新',
  received: '已查收',
  infoSaved: '保存成功',
} as const;
