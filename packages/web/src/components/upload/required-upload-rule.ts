/** Form rule of a required upload (spec 1 §8 "required attachment missing"). */
import { MSG } from '@fieldpay/domain';
import { type AttachmentItem, activeItems } from './attachment-item';

export function requiredUploadRule(message: string = MSG.uploadRequired) {
  return {
    validator: (_rule: unknown, value: AttachmentItem[] | AttachmentItem | null | undefined) => {
      const items = Array.isArray(value) ? value : value ? [value] : [];
      return activeItems(items).length > 0 ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}
