/**
 * The SMS code field of the payment forms (spec 2 §5, §8, §9): the code is required ('请输入验证码'),
 * a positive integer without a leading zero of at most 6 digits ('请输入正确的验证码'); 获取验证码
 * sends it, says '已向该手机号发送验证码' and waits 60 seconds before it offers to send again.
 * Used inside an antd Form (the transaction password dialog, the settlement dialog).
 */
import { INPUT_MAX_LENGTH, MSG, SMS_COUNTDOWN_SECONDS, smsCodeSchema } from '@fieldpay/domain';
import { Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { notifier } from '../app/notify';
import { zodRule } from './zod-rule';

export interface SmsCodeFieldProps {
  /** the form field holding the code */
  name?: string;
  label?: string;
  /** sends the code; a failure has been shown by the request layer */
  send(): Promise<unknown>;
  /** the send button is off (e.g. nothing to pay yet) */
  sendDisabled?: boolean;
}

export function SmsCodeField({ name = 'phoneCode', label = '验证码', send, sendDisabled }: SmsCodeFieldProps) {
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const sendCode = async () => {
    setSending(true);
    try {
      await send();
      notifier().success(MSG.smsSent);
      setCountdown(SMS_COUNTDOWN_SECONDS);
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={[zodRule(smsCodeSchema)]}>
          <Input placeholder="请输入验证码" maxLength={INPUT_MAX_LENGTH.smsCode} inputMode="numeric" />
        </Form.Item>
        <Button disabled={countdown > 0 || sendDisabled} loading={sending} onClick={() => void sendCode()}>
          {countdown > 0 ? `${countdown}秒后重新获取` : '获取验证码'}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
