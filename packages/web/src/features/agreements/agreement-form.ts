/** What the forms that record an agreement share (新增协议, 协议凭证's upload): the sign-date rule and the files. */
import { ENTERPRISE_AGREEMENT_MSG } from '@fieldpay/domain';
import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { type AttachmentItem, activeItems } from '../../components/upload/attachment-item';

/** The sign date must not be after the agreement's start, read from the form's `term` (签订日期应小于等于协议的开始日期). */
export const signDateRule = (form: FormInstance) => ({
  validator: (_rule: unknown, value: Dayjs | undefined) => {
    const start = (form.getFieldValue('term') as [Dayjs, Dayjs] | undefined)?.[0];
    return value && start && value.isAfter(start, 'day')
      ? Promise.reject(new Error(ENTERPRISE_AGREEMENT_MSG.signAfterStart))
      : Promise.resolve();
  },
});

/** The uploaded files as the save call names them. */
export const agreementFilesOf = (items: AttachmentItem[] | undefined) =>
  activeItems(items).map((file) => ({ agreementName: file.name, agreementAddress: file.address }));

export const AGREEMENT_DAY_FORMAT = 'YYYY-MM-DD';
