/**
 * 登录信息 (spec 3 §2 "copy text (login info)", §8, §9): a new or reset enterprise account's login
 * facts — the enterprise, this console's enterprise login address (the environment's own: production
 * or test), the account and its one-time password — with 复制信息 copying them as one text to hand over.
 * On the enterprise's own 账户信息 (decision 0043) the same without a password: none is known there.
 */
import { MSG, STAFF_MSG } from '@fieldpay/domain';
import { Alert, Button, Descriptions, Modal } from 'antd';
import { notifier } from '../../app/notify';

export interface LoginInfo {
  enterpriseName: string;
  account: string;
  /** a one-time password just set; absent where none is known */
  password?: string;
}

/** The enterprise side's login page of the console this page was served from. */
export const enterpriseLoginUrl = (location: Pick<Location, 'origin' | 'pathname'> = window.location): string =>
  `${location.origin}${location.pathname}#/login?side=enterprise`;

export const loginInfoText = (info: LoginInfo, url = enterpriseLoginUrl()): string =>
  [
    `企业名称：${info.enterpriseName}`,
    `登录地址：${url}`,
    `登录账号：${info.account}`,
    ...(info.password === undefined ? [] : [`登录密码：${info.password}`]),
  ].join('\n');

export function LoginInfoDialog({ info, onClose }: { info: LoginInfo | null; onClose(): void }) {
  const copy = async () => {
    if (!info) return;
    try {
      await navigator.clipboard.writeText(loginInfoText(info));
      notifier().success(MSG.copySuccess);
    } catch (error) {
      // the browser refused the clipboard (no permission, insecure page): the text stays on screen to copy by hand
      console.warn(MSG.copyFailed, error);
    }
  };
  return (
    <Modal
      open={info !== null}
      title="登录信息"
      width={630}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="copy" type="primary" onClick={() => void copy()}>
          复制信息
        </Button>,
      ]}
    >
      {info?.password !== undefined && (
        <Alert type="warning" showIcon title={STAFF_MSG.oneTimePasswordNote} style={{ marginBottom: 16 }} />
      )}
      {info && (
        <Descriptions column={1} size="small" bordered className="login-info">
          <Descriptions.Item label="企业名称">{info.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="登录地址">{enterpriseLoginUrl()}</Descriptions.Item>
          <Descriptions.Item label="登录账号">{info.account}</Descriptions.Item>
          {info.password !== undefined && (
            <Descriptions.Item label="登录密码">
              <strong className="one-time-password">{info.password}</strong>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Modal>
  );
}
