/**
 * 系统配置 (platform operator, decision 0016): the configuration values the server reads (the
 * attachment size limit, the invoice number count, the APP download address, and those later areas
 * add). Each value is edited by its key's rule, the same rule the server enforces on saving; the
 * key itself is what the code reads, so it is never edited. Every save is audited.
 */
import { ControlOutlined } from '@ant-design/icons';
import { type ConfigRecord, configValueRefusal, configValueRule } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { configValueKey } from '../../app/shell-calls';
import { useAccess } from '../../app/use-access';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { plainCell } from '../../components/list/ListPage';
import { CONFIG_LIST_KEY, fetchConfigs, saveConfig } from './settings-calls';

const CONTENT_MAX_LENGTH = 2000;

/** What the form holds for a value of this key: a number for a whole-number rule, text otherwise. */
const formValueOf = (config: ConfigRecord) => {
  const rule = configValueRule(config.configKey);
  if (rule?.input.type === 'wholeNumber') return /^\d+$/.test(config.content) ? Number(config.content) : undefined;
  return config.content;
};

function EditConfigDialog({ config, onClose }: { config: ConfigRecord | null; onClose(): void }) {
  const [form] = Form.useForm<{ content: string | number }>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const rule = config ? configValueRule(config.configKey) : undefined;

  const submit = async () => {
    if (!config) return;
    let content: string | number;
    try {
      ({ content } = await form.validateFields());
    } catch {
      return; // the form shows what is wrong
    }
    setSaving(true);
    try {
      const answer = await saveConfig({ configKey: config.configKey, content: String(content).trim() });
      notifier().success(answer.message);
      await queryClient.invalidateQueries({ queryKey: CONFIG_LIST_KEY });
      await queryClient.invalidateQueries({ queryKey: configValueKey(config.configKey) });
      onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const label = rule?.label ?? config?.name ?? '';
  return (
    <Modal
      open={config !== null}
      title={`修改配置 - ${config?.name ?? ''}`}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={submit}
    >
      {config && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ content: formValueOf(config) }}>
          <Form.Item label="配置键">
            <Typography.Text code>{config.configKey}</Typography.Text>
          </Form.Item>
          <Form.Item
            name="content"
            label={label}
            extra={config.remarks}
            rules={[
              {
                validator: async (_rule, value: unknown) => {
                  const text = value === undefined || value === null ? '' : String(value).trim();
                  if (text === '') throw new Error('请输入配置内容');
                  const refusal = configValueRefusal(config.configKey, text);
                  if (refusal) throw new Error(refusal);
                },
              },
            ]}
          >
            {rule?.input.type === 'wholeNumber' ? (
              <InputNumber
                min={rule.input.min}
                max={rule.input.max}
                precision={0}
                style={{ width: 200 }}
                placeholder={`${rule.input.min}到${rule.input.max}之间的整数`}
              />
            ) : rule?.input.type === 'address' ? (
              <Input placeholder="以 http:// 或 https:// 开头的网址" maxLength={rule.input.maxLength} />
            ) : (
              <Input.TextArea rows={3} placeholder="请输入配置内容" maxLength={CONTENT_MAX_LENGTH} />
            )}
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

export default function ConfigListPage() {
  const canEdit = useAccess().can('sysConfig:list:edit');
  const [editing, setEditing] = useState<ConfigRecord | null>(null);
  const configs = useQuery({ queryKey: CONFIG_LIST_KEY, queryFn: fetchConfigs });
  const columns: ColumnsType<ConfigRecord> = [
    { key: 'name', dataIndex: 'name', title: '配置名称', width: 160 },
    { key: 'configKey', dataIndex: 'configKey', title: '配置键', width: 170 },
    {
      key: 'content',
      dataIndex: 'content',
      title: '配置值',
      width: 260,
      render: (value: string) =>
        value ? (
          <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 240 }}>
            {value}
          </Typography.Text>
        ) : (
          plainCell(null)
        ),
    },
    { key: 'remarks', dataIndex: 'remarks', title: '说明', ellipsis: true, render: plainCell },
    chinaTimeColumn('updatedAt', '修改时间'),
    { key: 'updatedByName', dataIndex: 'updatedByName', title: '修改人', width: 110, render: plainCell },
    ...(canEdit
      ? [
          {
            key: 'action',
            title: '操作',
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, row: ConfigRecord) => (
              <Button type="link" onClick={() => setEditing(row)}>
                编辑
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      className="page-card"
      title={
        <span>
          <ControlOutlined /> 系统配置
        </span>
      }
    >
      <Table<ConfigRecord>
        rowKey="configKey"
        loading={configs.isLoading}
        columns={columns}
        dataSource={configs.data ?? []}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      />
      {/* a new form per opening: a closed form keeps its field at the value it opened with, and a
          second opening would start from that, not from the row's saved value */}
      <EditConfigDialog
        key={editing ? `${editing.configKey}:${editing.content}` : 'closed'}
        config={editing}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
