/** A new or reset account's one-time password, shown once with a copy button (staff and enterprise members). */
import { STAFF_MSG } from '@fieldpay/domain';
import { Alert, Modal, Typography } from 'antd';

export function OneTimePasswordDialog({ password, onClose }: { password: string | null; onClose(): void }) {
  return (
    <Modal
      open={password !== null}
      title="一次性密码"
      okText="我已记下"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
    >
      <Alert type="warning" showIcon title={STAFF_MSG.oneTimePasswordNote} style={{ marginBottom: 16 }} />
      <Typography.Paragraph copyable={{ text: password ?? '' }} className="one-time-password">
        <Typography.Text code strong style={{ fontSize: 18 }}>
          {password}
        </Typography.Text>
      </Typography.Paragraph>
    </Modal>
  );
}
