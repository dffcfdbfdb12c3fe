/**
 * What 员工账号 and 成员账号 share: the login number and name fields of the account dialog, the
 * account/name and status search fields, and the row actions (编辑, 禁用/启用, 重置密码 showing the new
 * one-time password, 强制下线), each confirmed first. The own row offers 编辑 only; the server checks
 * every rule again.
 */
import {
  STAFF_FIELD_MAX_LENGTH,
  STAFF_MSG,
  STAFF_STATUS_DISABLED,
  STAFF_STATUS_ENABLED,
  staffRealnameSchema,
  staffUsernameSchema,
  USER_STATUS,
} from '@fieldpay/domain';
import { Button, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { StatusToggleButton, type useConfirmedAction } from '../list/ConfirmedAction';
import { zodRule } from '../zod-rule';

/** 登录账号 (shown, not edited, once the account exists) and 姓名. */
export function AccountIdentityFields({ username, usernameExtra }: { username?: string; usernameExtra: string }) {
  return (
    <>
      {username !== undefined ? (
        <Form.Item label="登录账号">
          <Input value={username} disabled />
        </Form.Item>
      ) : (
        <Form.Item
          name="username"
          label="登录账号"
          required
          rules={[zodRule(staffUsernameSchema)]}
          extra={usernameExtra}
        >
          <Input placeholder="请输入手机号" maxLength={11} />
        </Form.Item>
      )}
      <Form.Item name="realname" label="姓名" required rules={[zodRule(staffRealnameSchema)]}>
        <Input placeholder="请输入姓名" maxLength={STAFF_FIELD_MAX_LENGTH.realname} />
      </Form.Item>
    </>
  );
}

/** 账号/姓名 and 状态, with whatever stands between them (the operator's 所属平台). */
export function AccountSearchFields({ children }: { children?: ReactNode }) {
  return (
    <>
      <Form.Item name="keyword" label="账号/姓名">
        <Input allowClear placeholder="请输入登录账号或姓名" maxLength={STAFF_FIELD_MAX_LENGTH.keyword} />
      </Form.Item>
      {children}
      <Form.Item name="status" label="状态">
        <Select
          allowClear
          placeholder="请选择"
          style={{ width: 120 }}
          options={[
            { value: STAFF_STATUS_ENABLED, label: USER_STATUS[1].label },
            { value: STAFF_STATUS_DISABLED, label: USER_STATUS[2].label },
          ]}
        />
      </Form.Item>
    </>
  );
}

export interface AccountActionsProps {
  account: { realname: string; status: number };
  /** the signed-in user's own row */
  self: boolean;
  allowed: { edit: boolean; disable: boolean; resetPassword: boolean; logout: boolean };
  act: ReturnType<typeof useConfirmedAction>;
  onEdit(): void;
  setStatus(status: typeof STAFF_STATUS_ENABLED | typeof STAFF_STATUS_DISABLED): Promise<unknown>;
  resetPassword(): Promise<{ password: string }>;
  forceLogout(): Promise<unknown>;
  /** the one-time password a reset answered */
  onPassword(password: string): void;
}

export function AccountActions({
  account,
  self,
  allowed,
  act,
  onEdit,
  setStatus,
  resetPassword,
  forceLogout,
  onPassword,
}: AccountActionsProps) {
  const enabled = account.status === STAFF_STATUS_ENABLED;
  const name = account.realname;
  return (
    <Space size={0} wrap>
      {allowed.edit && (
        <Button type="link" size="small" onClick={onEdit}>
          编辑
        </Button>
      )}
      {allowed.disable && !self && (
        <StatusToggleButton
          enabled={enabled}
          onToggle={() =>
            void act(
              enabled ? STAFF_MSG.confirmDisable(name) : STAFF_MSG.confirmEnable(name),
              () => setStatus(enabled ? STAFF_STATUS_DISABLED : STAFF_STATUS_ENABLED),
              enabled ? '已禁用' : '已启用',
            )
          }
        />
      )}
      {allowed.resetPassword && !self && (
        <Button
          type="link"
          size="small"
          onClick={async () => {
            const answer = await act(STAFF_MSG.confirmReset(name), resetPassword, STAFF_MSG.passwordReset);
            if (answer) onPassword(answer.password);
          }}
        >
          重置密码
        </Button>
      )}
      {allowed.logout && !self && (
        <Button
          type="link"
          size="small"
          onClick={() => void act(STAFF_MSG.confirmLogout(name), forceLogout, STAFF_MSG.loggedOut)}
        >
          强制下线
        </Button>
      )}
    </Space>
  );
}
