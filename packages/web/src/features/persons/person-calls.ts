/** The natural-person account screens' calls and query keys (spec 3 §7 "Natural persons"; decision 0033). */
import {
  type OperationInput,
  PAGE_SIZE,
  personAgreementsOperation,
  personChangePasswordOperation,
  personEditOperation,
  personClearLoginRestrictionOperation,
  personInfoOperation,
  personListOperation,
  personLoginFlagOperation,
  personTransferOutOperation,
  personTransferRecordsOperation,
  personWasTransferredOperation,
  taskListOperation,
  taskReadingRecordsOperation,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';

/** Every person query: invalidate it after a change. */
export const PERSON_KEY = ['persons'] as const;
export const PERSON_LIST_KEY = ['persons', 'list'] as const;
export const personInfoKey = (userId: number, unmaskToken: string | undefined) =>
  ['persons', 'info', userId, unmaskToken ?? ''] as const;
export const personWasTransferredKey = (userId: number) => ['persons', 'wasTransferred', userId] as const;
export const personTransferRecordsKey = (userId: number) => ['persons', 'transfers', userId] as const;
export const personAgreementsKey = (userId: number) => ['persons', 'agreements', userId] as const;
export const personTasksKey = (userId: number) => ['persons', 'tasks', userId] as const;

export const fetchPersons = (query: OperationInput<typeof personListOperation>) => call(personListOperation, query);

export const fetchPersonInfo = (userId: number, tempToken?: string) =>
  call(personInfoOperation, { userId, ...(tempToken ? { tempToken } : {}) });

/**
 * Whether the person was ever transferred (it enables 转出记录). Silent, as the spec's person dialogs
 * swallow a network failure: the button stays disabled rather than a background check raising a toast.
 */
export const fetchWasTransferred = (userId: number) =>
  call(personWasTransferredOperation, { userId }, { silent: true });

export const fetchTransferRecords = (userId: number, pageNo: number, pageSize: number) =>
  call(personTransferRecordsOperation, { userId, pageNo, pageSize });

export const fetchPersonAgreements = (userId: number, pageNo: number, pageSize: number) =>
  call(personAgreementsOperation, { userId, pageNo, pageSize });

/** 众包任务记录: the tasks the person took, as the task list answers them. */
export const fetchPersonTasks = (userId: number, pageNo: number, pageSize: number) =>
  call(taskListOperation, { userId, pageNo, pageSize });

/** 阅读记录 of one of the person's tasks, 10 a page. */
export const fetchReadingRecords = (taskId: number, userId: number, pageNo: number) =>
  call(taskReadingRecordsOperation, { taskId, userId, pageNo, pageSize: PAGE_SIZE.listDialog });

/** 禁用 (1) or 启用 (0); answers the server's words. */
export async function setLoginFlag(userId: number, loginFlag: 0 | 1): Promise<string> {
  return (await callWithMessage(personLoginFlagOperation, { userId, loginFlag })).message;
}

export async function clearLoginRestriction(id: number): Promise<string> {
  return (await callWithMessage(personClearLoginRestrictionOperation, { id })).message;
}

export async function changePersonPassword(
  body: OperationInput<typeof personChangePasswordOperation>,
): Promise<string> {
  return (await callWithMessage(personChangePasswordOperation, body)).message;
}

export async function editPerson(body: OperationInput<typeof personEditOperation>): Promise<string> {
  return (await callWithMessage(personEditOperation, body)).message;
}

export async function transferPersonOut(body: OperationInput<typeof personTransferOutOperation>): Promise<string> {
  return (await callWithMessage(personTransferOutOperation, body)).message;
}
