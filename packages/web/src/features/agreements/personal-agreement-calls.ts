/** The personal agreement list's calls and query keys (spec 3 §7 "Personal agreements"; decision 0034). */
import {
  MSG,
  type OperationInput,
  type PersonalAgreementRecord,
  personalAgreementListOperation,
  personalContractAddressOperation,
} from '@fieldpay/domain';
import { call, http } from '../../app/api-client';
import { notifier } from '../../app/notify';
import { saveBlob } from '../../app/save-blob';

/** What names a person's signed contract: its number, the person, and the name it is saved under. */
export type SignedContractRef = Pick<PersonalAgreementRecord, 'contractSn' | 'userId' | 'contractName'>;

export const PERSONAL_AGREEMENT_LIST_KEY = ['personal-agreements', 'list'] as const;

export const fetchPersonalAgreements = (query: OperationInput<typeof personalAgreementListOperation>) =>
  call(personalAgreementListOperation, query);

/** The signed contract's file, or null (and 无签署合同 shown) while the person has not signed. */
async function signedContract(row: SignedContractRef): Promise<Blob | null> {
  const address = await call(personalContractAddressOperation, { contractSn: row.contractSn, userId: row.userId });
  if (!address) {
    notifier().warning(MSG.noSignedContract);
    return null;
  }
  return (await http.download(address)).blob;
}

/** 下载: the signed contract, saved under the agreement's name. */
export async function downloadSignedContract(row: SignedContractRef): Promise<void> {
  const blob = await signedContract(row);
  if (blob) saveBlob(blob, `${row.contractName}.pdf`);
}

/** How long a viewed contract's blob address lives: long enough for the new window to load it. */
const BLOB_URL_LIFETIME_MS = 60_000;

/**
 * 查看: the signed contract in a new window. The window opens at the click (a window opened after
 * the answer would be blocked) and is shown the file once it has come, or closed when there is none.
 */
export async function viewSignedContract(row: SignedContractRef): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const blob = await signedContract(row);
    if (!blob) {
      opened?.close();
      return;
    }
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (opened) opened.location.href = url;
    else window.open(url, '_blank');
    // the other window has read the file by then (what it shows stays); the page keeps no copy of it
    window.setTimeout(() => URL.revokeObjectURL(url), BLOB_URL_LIFETIME_MS);
  } catch (error) {
    opened?.close();
    throw error;
  }
}
