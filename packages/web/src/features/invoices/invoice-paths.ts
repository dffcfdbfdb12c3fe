/**
 * Where the invoice list lives (发票管理 > 发票中心 > 发票列表) and how an address opens one invoice's
 * detail (?id=), in a module of its own so that pages linking here stay out of the list's chunk.
 */
export const INVOICE_LIST_PATH = '/invoice/invoiceList';

export const invoiceDetailPath = (id: number) => `${INVOICE_LIST_PATH}?id=${id}`;
