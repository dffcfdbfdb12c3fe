/** The enterprise agreements' calls and query keys (spec 3 §7 "Enterprise agreements"; decision 0040). */
import {
  agreementFilesOperation,
  cancelSignOperation,
  deleteAgreementOperation,
  type EnterpriseAgreementRecord,
  endAgreementOperation,
  enterpriseAgreementDetailOperation,
  enterpriseAgreementListOperation,
  enterpriseAgreementSaveOperation,
  ONLINE_SIGN_REFRESH_MS,
  type OperationInput,
  previewAddressOperation,
  signAddressOperation,
  signingRecordsOperation,
  withdrawAgreementOperation,
} from '@fieldpay/domain';
import { call, callWithMessage, http } from '../../app/api-client';
import { saveBlob } from '../../app/save-blob';

export const ENTERPRISE_AGREEMENT_LIST_KEY = ['enterprise-agreements', 'list'] as const;
export const SIGNING_RECORDS_KEY = ['enterprise-agreements', 'records'] as const;

export const fetchEnterpriseAgreements = (query: OperationInput<typeof enterpriseAgreementListOperation>) =>
  call(enterpriseAgreementListOperation, query);
export const fetchSigningRecords = (query: OperationInput<typeof signingRecordsOperation>) =>
  call(signingRecordsOperation, query);
export const fetchAgreementDetail = (id: number) => call(enterpriseAgreementDetailOperation, { id });

export const saveEnterpriseAgreement = (input: OperationInput<typeof enterpriseAgreementSaveOperation>) =>
  callWithMessage(enterpriseAgreementSaveOperation, input);

export type AgreementAction = 'delete' | 'withdraw' | 'cancel' | 'end';
const ACTIONS = {
  delete: deleteAgreementOperation,
  withdraw: withdrawAgreementOperation,
  cancel: cancelSignOperation,
  end: endAgreementOperation,
} as const;

/** 删除, 撤回, 取消签署, 终止; `silent` leaves the failure to the caller (终止's 19007 dialog). */
export const changeAgreement = async (action: AgreementAction, id: number, silent = false) =>
  (await callWithMessage(ACTIONS[action], { id }, { silent })).message;

/** The one-time address where the caller's party signs (signType 0 after creating, 1 from the records). */
export const fetchSignAddress = async (agreementId: number, signType: 0 | 1) =>
  (await call(signAddressOperation, { agreementId, signType })).signAddress;

/**
 * Opens a window at the click (one opened after an answer is blocked) and sends it to the address
 * `find` answers, or closes it again when there is none.
 */
export async function openInNewWindow(find: () => Promise<string | null>): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const address = await find();
    if (!address) opened?.close();
    else if (opened) opened.location.href = address;
    else window.open(address, '_blank');
  } catch (error) {
    opened?.close();
    throw error;
  }
}

/**
 * Reloads the agreement lists when the signer comes back to the console from the signing window, and
 * after 40 seconds in any case (spec 3 §4), when the signer has usually answered.
 */
export function reloadAfterSigning(reload: () => void): void {
  window.addEventListener('focus', reload, { once: true });
  window.setTimeout(reload, ONLINE_SIGN_REFRESH_MS);
}

/** How long a viewed agreement's blob address lives: long enough for the new window to load it. */
const BLOB_URL_LIFETIME_MS = 60_000;

async function onlinePdf(row: Pick<EnterpriseAgreementRecord, 'orderNo'>, disposition: 'inline' | 'attachment') {
  const { address } = await call(previewAddressOperation, { contractSn: row.orderNo });
  return (await http.download(`${address}&disposition=${disposition}`)).blob;
}

/** 预览 of an online agreement: its PDF in a new window. */
export const previewOnlineAgreement = (row: Pick<EnterpriseAgreementRecord, 'orderNo'>) =>
  openInNewWindow(async () => {
    const blob = await onlinePdf(row, 'inline');
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
    return url;
  });

/** 下载: an online agreement's PDF, or each file of an offline one. */
export async function downloadAgreement(row: EnterpriseAgreementRecord): Promise<void> {
  if (row.agreementType === 1) {
    saveBlob(await onlinePdf(row, 'attachment'), `${row.agreementName}.pdf`);
    return;
  }
  for (const file of await call(agreementFilesOperation, { id: row.id })) {
    saveBlob((await http.download(file.agreementAddress)).blob, file.agreementName);
  }
}
