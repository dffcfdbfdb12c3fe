/**
 * 修改联系电话 (spec 3 §7 "Edit enterprise resource"): the enterprise's contact phone, a mobile number of
 * 11 digits, checked by the server's own rule; opened from 认证信息 in the desensitized view.
 */
import { type EnterpriseInfo, enterpriseContactInputSchema, INPUT_MAX_LENGTH } from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { notifier } from '../../app/notify';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../components/zod-rule';
import { saveEnterpriseContact } from './enterprise-calls';

export function EnterpriseContactDialog({
  info,
  open,
  onClose,
}: {
  info: EnterpriseInfo;
  open: boolean;
  onClose(): void;
}) {
  const [form] = Form.useForm<{ contactPhone: string }>();
  const queryClient = useQueryClient();
  const submit = async ({ contactPhone }: { contactPhone: string }) => {
    const message = await saveEnterpriseContact({
      enterpriseId: info.id,
      tenantId: info.tenantId,
      contactPhone: contactPhone.trim(),
    });
    notifier().success(message);
    await queryClient.invalidateQueries({ queryKey: ['enterprise', 'info'] });
  };
  return (
    <FormDialog
      open={open}
      title="修改联系电话"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ contactPhone: info.contactPhone }}
    >
      <Form.Item
        name="contactPhone"
        label="联系电话"
        required
        rules={[zodRule(enterpriseContactInputSchema.shape.contactPhone)]}
      >
        <Input placeholder="请输入联系电话" maxLength={INPUT_MAX_LENGTH.contactPhone} inputMode="numeric" />
      </Form.Item>
    </FormDialog>
  );
}
