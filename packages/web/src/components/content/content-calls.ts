/** The content library's calls, shared by its pages and by the picker and preview other forms use. */
import {
  type ContentDetail,
  type ContentListRecord,
  CONTENT_SHARE_ADDRESS_CONFIG_KEY,
  contentAddOperation,
  contentDeleteOperation,
  contentDetailOperation,
  contentEditOperation,
  contentListOperation,
  contentStatusOperation,
  type OperationInput,
  type Page,
} from '@fieldpay/domain';
import { call, callWithMessage } from '../../app/api-client';
import { configValue } from '../../app/shell-calls';

export const CONTENT_KEY = ['content'] as const;
export const contentListKey = (type: 1 | 2) => ['content', 'list', type] as const;
export const contentDetailKey = (id: number) => ['content', 'detail', id] as const;

export const fetchContentList = (
  query: OperationInput<typeof contentListOperation>,
): Promise<Page<ContentListRecord>> => call(contentListOperation, query);

export const fetchContentDetail = (id: number): Promise<ContentDetail> => call(contentDetailOperation, { id });

/** Saves a new item or an edit; answers the server's message (保存成功). */
export async function saveContent(
  body: OperationInput<typeof contentAddOperation> | OperationInput<typeof contentEditOperation>,
): Promise<string> {
  if ('id' in body && body.id) return (await callWithMessage(contentEditOperation, body)).message;
  return (await callWithMessage(contentAddOperation, body)).message;
}

export const setContentStatus = async (id: number, status: 0 | 1): Promise<string> =>
  (await callWithMessage(contentStatusOperation, { id, status })).message;

export const deleteContent = async (id: number): Promise<string> =>
  (await callWithMessage(contentDeleteOperation, { id })).message;

/** The share host of the preview's QR code; empty or unreadable: the console's own address. */
export async function shareAddress(): Promise<string> {
  const value = await configValue(CONTENT_SHARE_ADDRESS_CONFIG_KEY);
  const host = value?.content.trim() || window.location.origin;
  return host.replace(/\/+$/, '');
}

/** Where a phone opens an item: the share host's page of that article or questionnaire. */
export const shareLink = (host: string, type: number, id: number) =>
  `${host}/#/share/${type === 2 ? 'questionnaire' : 'article'}/${id}`;
