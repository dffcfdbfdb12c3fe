/**
 * The natural-person account's dialogs (spec 3 §2, §5, §8): 修改密码 (the shared password rule,
 * at most 20, the confirmation 请输入密码 / 两次输入密码不统一), 转出 (an enterprise of the person's
 * platform, 请选择转入企业; 操作成功) and 转出记录 (20 a page).
 */
import {
  DIALOG_WIDTH,
  INPUT_MAX_LENGTH,
  MSG,
  PAGE_SIZE,
  type PersonTransferRecord,
  personPasswordFormSchema,
} from '@fieldpay/domain';
import { Form, Input, Modal } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { notifier } from '../../app/notify';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { RemoteSelect } from '../../components/RemoteSelect';
import { zodRule } from '../../components/zod-rule';
import { chinaTime } from '../settlements/settlement-format';
import {
  changePersonPassword,
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

/** Runs `work` once at a time, showing the server's words; a refusal was shown by the request layer. */
function useSubmit(onClose: () => void, onDone?: () => void) {
  const [busy, setBusy] = useState(false);
  const submit = async (work: () => Promise<string>) => {
    if (busy) return;
    setBusy(true);
    try {
      notifier().success(await work());
      onDone?.();
      onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return { busy, submit };
}

interface PasswordValues {
  newPassword: string;
  confirmPassword: string;
}

export function PersonPasswordDialog({ person, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<PasswordValues>();
  const { busy, submit } = useSubmit(onClose, onDone);
  useEffect(() => {
    if (!person) form.resetFields();
  }, [person, form]);
  return (
    <Modal
      open={person !== null}
      title="修改密码"
      width={DIALOG_WIDTH.small}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {person && (
        <Form<PasswordValues>
          form={form}
          layout="horizontal"
          labelCol={{ span: 6 }}
          onFinish={(values) =>
            void submit(() =>
              changePersonPassword({ userId: person.id, loginName: person.loginName, newPassword: values.newPassword }),
            )
          }
        >
          <Form.Item label="登录账号">
            <Input value={person.loginName} disabled />
          </Form.Item>
          <Form.Item name="newPassword" label="新密码" rules={[zodRule(personPasswordFormSchema.shape.newPassword)]}>
            <Input.Password
              maxLength={INPUT_MAX_LENGTH.password}
              placeholder="请输入新密码"
              autoComplete="new-password"
            />
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
        </Form>
      )}
    </Modal>
  );
}

interface TransferValues {
  enterpriseId?: number;
}

export function PersonTransferDialog({ person, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<TransferValues>();
  const [chosen, setChosen] = useState<{ name: string; enterpriseSn: string } | null>(null);
  const { busy, submit } = useSubmit(onClose, onDone);
  useEffect(() => {
    if (!person) {
      form.resetFields();
      setChosen(null);
    }
  }, [person, form]);
  return (
    <Modal
      open={person !== null}
      title="转出"
      width={DIALOG_WIDTH.small}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {person && (
        <Form<TransferValues>
          form={form}
          layout="horizontal"
          labelCol={{ span: 6 }}
          onFinish={() =>
            chosen &&
            void submit(() =>
              transferPersonOut({
                userId: person.id,
                enterpriseName: chosen.name,
                enterpriseCode: chosen.enterpriseSn,
              }),
            )
          }
        >
          <Form.Item label="自然人">
            <Input value={`${person.name}（${person.loginName}）`} disabled />
          </Form.Item>
          <Form.Item
            name="enterpriseId"
            label="转入企业"
            rules={[{ required: true, message: MSG.transferEnterpriseRequired }]}
          >
            <RemoteSelect
              kind="enterprise"
              filters={{ status: 1, tenantId: person.tenantId }}
              placeholder="请选择转入企业"
              aria-label="转入企业"
              onChange={(_value, record) =>
                setChosen(record ? { name: record.name, enterpriseSn: record.enterpriseSn } : null)
              }
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
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
