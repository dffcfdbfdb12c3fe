/**
 * The natural-person account's dialogs (spec 3 §2, §5, §8): 修改密码 (the shared password rule,
 * at most 20, the confirmation 请输入密码 / 两次输入密码不统一), 转出 (an enterprise of the person's
 * platform, 请选择转入企业; 操作成功), 转出记录 (20 a page) and 编辑 (账户名称 at most 20, 手机号 at most 11;
 * decision 0046).
 */
import {
  DIALOG_WIDTH,
  INPUT_MAX_LENGTH,
  MSG,
  PAGE_SIZE,
  PERSON_MSG,
  type PersonTransferRecord,
  personEditBodySchema,
  personPasswordFormSchema,
} from '@fieldpay/domain';
import { Form, Input, Modal } from 'antd';
import { FormDialog } from '../../components/FormDialog';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { notifier } from '../../app/notify';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../components/zod-rule';
import { chinaTime } from '../settlements/settlement-format';
import {
  changePersonPassword,
  editPerson,
  fetchTransferRecords,
  personTransferRecordsKey,
  transferPersonOut,
} from './person-calls';

/** The person a dialog acts on: its id, name and login account as the screen shows it. */
export interface PersonTarget {
  id: number;
  tenantId: number;
  name: string;
  loginName: string;
}

interface DialogProps {
  person: PersonTarget | null;
  onClose(): void;
  /** after a change the server accepted */
  onDone?(): void;
}

/** Shows the server's words and tells the screen to reload what changed. */
const announce = (onDone?: () => void) => (message: string) => {
  notifier().success(message);
  onDone?.();
};

interface PasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export function PersonPasswordDialog({ person, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<PasswordValues>();
  return (
    <FormDialog<PasswordValues>
      open={person !== null}
      title="修改密码"
      form={form}
      width={DIALOG_WIDTH.small}
      onClose={onClose}
      onSubmit={async (values) =>
        person &&
        announce(onDone)(
          await changePersonPassword({
            userId: person.id,
            loginName: person.loginName,
            newPassword: values.newPassword,
          }),
        )
      }
    >
      <Form.Item label="登录账号">
        <Input value={person?.loginName} disabled />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label="新密码"
        required
        rules={[zodRule(personPasswordFormSchema.shape.newPassword)]}
      >
        <Input.Password maxLength={INPUT_MAX_LENGTH.password} placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: MSG.passwordRequired },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(MSG.personPasswordsDiffer)),
          }),
        ]}
      >
        <Input.Password
          maxLength={INPUT_MAX_LENGTH.password}
          placeholder="请再次输入新密码"
          autoComplete="new-password"
        />
      </Form.Item>
    </FormDialog>
  );
}

interface EditValues {
  name: string;
  phone: string;
}

/**
 * 编辑: the account name (fixed by the ID card once the identity is verified) and the phone the person
 * signs in with; the form opens from the desensitized view, so it starts from the phone in the clear.
 */
export function PersonEditDialog({ person, verified, onClose, onDone }: DialogProps & { verified: boolean }) {
  const [form] = Form.useForm<EditValues>();
  useEffect(() => {
    if (person) form.setFieldsValue({ name: person.name, phone: person.loginName });
  }, [person, form]);
  return (
    <FormDialog<EditValues>
      open={person !== null}
      title="编辑自然人"
      form={form}
      width={DIALOG_WIDTH.small}
      onClose={onClose}
      onSubmit={async (values) =>
        person && announce(onDone)(await editPerson({ userId: person.id, name: values.name, phone: values.phone }))
      }
    >
      <Form.Item
        name="name"
        label="账户名称"
        required
        rules={[zodRule(personEditBodySchema.shape.name)]}
        extra={verified ? PERSON_MSG.nameFixedByIdentity : undefined}
      >
        <Input maxLength={INPUT_MAX_LENGTH.personAccountName} placeholder="请输入账户名称" disabled={verified} />
      </Form.Item>
      <Form.Item
        name="phone"
        label="手机号"
        required
        rules={[zodRule(personEditBodySchema.shape.phone)]}
        extra="手机号即APP登录账号，修改后该自然人需用新手机号重新登录"
      >
        <Input maxLength={INPUT_MAX_LENGTH.phone} inputMode="numeric" placeholder="请输入手机号" />
      </Form.Item>
    </FormDialog>
  );
}

interface TransferValues {
  enterpriseId?: number;
}

export function PersonTransferDialog({ person, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<TransferValues>();
  const [chosen, setChosen] = useState<{ name: string; enterpriseSn: string } | null>(null);
  useEffect(() => {
    if (!person) setChosen(null);
  }, [person]);
  return (
    <FormDialog<TransferValues>
      open={person !== null}
      title="转出"
      form={form}
      width={DIALOG_WIDTH.small}
      onClose={onClose}
      onSubmit={async () =>
        person &&
        chosen &&
        announce(onDone)(
          await transferPersonOut({
            userId: person.id,
            enterpriseName: chosen.name,
            enterpriseCode: chosen.enterpriseSn,
          }),
        )
      }
    >
      <Form.Item label="自然人">
        <Input value={person ? `${person.name}（${person.loginName}）` : ''} disabled />
      </Form.Item>
      <Form.Item
        name="enterpriseId"
        label="转入企业"
        rules={[{ required: true, message: MSG.transferEnterpriseRequired }]}
      >
        <RemoteSelect
          kind="enterprise"
          filters={{ status: 1, tenantId: person?.tenantId }}
          placeholder="请选择转入企业"
          aria-label="转入企业"
          onChange={(_value, record) =>
            setChosen(record ? { name: record.name, enterpriseSn: record.enterpriseSn } : null)
          }
        />
      </Form.Item>
    </FormDialog>
  );
}

const TRANSFER_COLUMNS: ColumnsType<PersonTransferRecord> = [
  { key: 'enterpriseName', dataIndex: 'enterpriseName', title: '转入企业', ellipsis: true },
  { key: 'enterpriseCode', dataIndex: 'enterpriseCode', title: '企业编号', width: 170 },
  {
    key: 'createTime',
    dataIndex: 'createTime',
    title: '转出时间',
    width: 170,
    render: (value: number) => plainCell(chinaTime(value)),
  },
  { key: 'createName', dataIndex: 'createName', title: '操作人', width: 110 },
];

export function PersonTransferRecordsDialog({ person, onClose }: Omit<DialogProps, 'onDone'>) {
  return (
    <Modal
      open={person !== null}
      title={person ? `转出记录 - ${person.name}` : '转出记录'}
      width={DIALOG_WIDTH.list}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {person && (
        <ListPage<PersonTransferRecord, Record<string, never>>
          queryKey={personTransferRecordsKey(person.id)}
          fetchPage={(request) => fetchTransferRecords(person.id, request.pageNo, request.pageSize)}
          rowKey="id"
          columns={TRANSFER_COLUMNS}
          listType={2}
          defaultPageSize={PAGE_SIZE.transferOutRecords}
        />
      )}
    </Modal>
  );
}
