/**
 * Toasts for code outside React (the request layer). The App component hands over antd's
 * context-aware message API; before that the static one is used. Identical texts are keyed so a
 * burst of failures shows one toast.
 */
import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { Notifier } from '../api/http';

let messageApi: MessageInstance | null = null;

export function setMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

export function notifier(): Notifier & { success(text: string, durationSeconds?: number): void } {
  const api = messageApi ?? message;
  return {
    warning: (text) => void api.warning({ content: text, key: text }),
    error: (text) => void api.error({ content: text, key: text }),
    // some confirmations have a set duration (保存成功 of the field settings: 1 s, spec 2 §8)
    success: (text, durationSeconds) =>
      void api.success({
        content: text,
        key: text,
        ...(durationSeconds === undefined ? {} : { duration: durationSeconds }),
      }),
  };
}
