/**
 * The desensitization verification dialog (spec 3 §2, §5, §8): 630 wide; the password (请输入密码,
 * at most 20), and for tenant-level users (userIdentity 2) an SMS code to their own phone (请输入短信
 * 验证码, at most 6) with a 60-second resend countdown. On success the token is held for the session
 * and the caller reloads its data unmasked. A wrong password shows the server's 密码错误 as a warning.
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  DIALOG_WIDTH,
  type DesensitizationToken,
  INPUT_MAX_LENGTH,
  MSG,
  SMS_COUNTDOWN_SECONDS,
} from '@fieldpay/domain';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { isCancelled } from '../api/http';
import { notifier } from '../app/notify';
import { useSession } from '../app/session-store';
import { holdUnmaskToken } from '../app/unmask-store';
import { sendVerifyCode, verifyDesensitization } from './desensitization-calls';

interface FormValues {
  password: string;
  msgCaptcha?: string;
}

export interface DesensitizationDialogProps {
  open: boolean;
  onClose(): void;
  onVerified?(token: DesensitizationToken): void;
}

export function DesensitizationDialog({ open, onClose, onVerified }: DesensitizationDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const sessionToken = useSession((state) => state.token);
  const needsSms = useSession((state) => state.userInfo?.userIdentity === 2);
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((seconds) => seconds - 1), 1_000);
    return () => clearTimeout(timer);
  }, [countdown]);

  useEffect(() => {
    if (!open) form.resetFields();
  }, [open, form]);

  const send = async () => {
    setSending(true);
    try {
      notifier().success(await sendVerifyCode());
      setCountdown(SMS_COUNTDOWN_SECONDS);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: FormValues) => {
    setVerifying(true);
    try {
      const token = await verifyDesensitization(values);
      if (sessionToken) holdUnmaskToken(sessionToken, token);
      notifier().success('验证成功，已显示脱敏信息');
      onVerified?.(token);
      onClose();
    } catch (error) {
      if (isCancelled(error)) return;
      form.setFieldValue('password', '');
    } finally {
      setVerifying(false);
    }
  };

  return (
    <Modal
      open={open}
      width={DIALOG_WIDTH.desensitization}
      title={
        <span>
          <SafetyCertificateOutlined /> 脱敏验证
        </span>
      }
      okText="确定"
      cancelText="取消"
      confirmLoading={verifying}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="desensitization-hint">查看或导出明文的个人信息需要再次验证身份，验证通过后 30 分钟内有效。</p>
      <Form<FormValues>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="password" label="登录密码" rules={[{ required: true, message: MSG.passwordRequired }]}>
          <Input.Password
            maxLength={INPUT_MAX_LENGTH.password}
            placeholder="请输入登录密码"
            autoComplete="current-password"
          />
        </Form.Item>
        {needsSms && (
          <Form.Item label="短信验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="msgCaptcha"
                noStyle
                rules={[{ required: true, message: MSG.desensitizationSmsCodeRequired }]}
              >
                <Input maxLength={INPUT_MAX_LENGTH.smsCode} placeholder="请输入短信验证码" inputMode="numeric" />
              </Form.Item>
              <Button disabled={countdown > 0} loading={sending} onClick={() => void send()}>
                {countdown > 0 ? `${countdown}秒后重新获取` : '获取验证码'}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
