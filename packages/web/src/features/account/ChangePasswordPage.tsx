/**
 * Enterprise change password (/company/loginManage/password): the shared password rule, the
 * confirmation must match; on success the server revokes every session of the user, so the
 * console says so and goes to login.
 */
import { KeyOutlined } from '@ant-design/icons';
import { INPUT_MAX_LENGTH, isPassword, MSG } from '@fieldpay/domain';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { changePassword } from './account-calls';
import { endSession } from '../../app/end-session';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export default function ChangePasswordPage() {
  const [form] = Form.useForm<PasswordForm>();
  const [saving, setSaving] = useState(false);
  const mustChange = useSession((state) => state.userInfo?.mustChangePassword === true);

  const submit = async (values: PasswordForm) => {
    setSaving(true);
    try {
      await changePassword(values);
      notifier().success(MSG.passwordChanged);
      endSession();
    } catch {
      // the request layer has shown the server's message (e.g. 原密码错误)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      className="page-card"
      title={
        <span>
          <KeyOutlined /> 修改密码
        </span>
      }
    >
      <div style={{ maxWidth: 460 }}>
        {mustChange && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title="您的密码为管理员设置的一次性密码，请先修改密码后再使用系统。"
          />
        )}
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title="密码须为10-16位，且包含数字、大写字母、小写字母、特殊符号中的至少三种。修改成功后需重新登录。"
        />
        <Form<PasswordForm>
          form={form}
          className="form-roomy"
          layout="vertical"
          onFinish={submit}
          requiredMark
          autoComplete="off"
        >
          <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: MSG.oldPasswordRequired }]}>
            <Input.Password
              placeholder="请输入原密码"
              maxLength={INPUT_MAX_LENGTH.password}
              autoComplete="current-password"
            />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label="新密码"
            rules={[
              { required: true, message: MSG.newPasswordRequired },
              {
                validator: (_, value?: string) =>
                  !value || isPassword(value) ? Promise.resolve() : Promise.reject(new Error(MSG.passwordInvalid)),
              },
            ]}
          >
            <Input.Password placeholder="请输入新密码" maxLength={16} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="确认新密码"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: MSG.confirmPasswordRequired },
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  !value || value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(MSG.passwordsDiffer)),
              }),
            ]}
          >
            <Input.Password placeholder="请再次输入新密码" maxLength={16} autoComplete="new-password" />
          </Form.Item>
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={saving}>
              确认修改
            </Button>
            <Button style={{ marginLeft: 12 }} onClick={() => form.resetFields()}>
              重置
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Card>
  );
}
