import { DIALOG_WIDTH } from '@fieldpay/domain';
/**
 * 修改认证信息 (spec 3 §2 "modify enterprise" dialog, §5, §7 "Modify authentication"; decision 0038): the
 * platform's staff change the enterprise's authentication in a dialog (the enterprise itself on a full
 * page, EnterpriseOwnAuthModifyPage).
 */
import type { EnterpriseInfo } from '@fieldpay/domain';
import { Form } from 'antd';
import { FormDialog } from '../../components/FormDialog';
import { type AuthValues, authValuesOf, EnterpriseAuthFields, useSaveEnterpriseAuth } from './EnterpriseAuthForm';

export function EnterpriseAuthDialog({ info, onClose }: { info: EnterpriseInfo; onClose(): void }) {
  const [form] = Form.useForm<AuthValues>();
  const submit = useSaveEnterpriseAuth(info, false);
  return (
    <FormDialog<AuthValues>
      open
      title="修改认证信息"
      width={DIALOG_WIDTH.enterpriseLarge}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={authValuesOf(info)}
    >
      <EnterpriseAuthFields info={info} />
    </FormDialog>
  );
}
