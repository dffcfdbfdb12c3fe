/**
 * 数据字典 (platform operator, decisions 0016 and 0023): every dictionary the console's selects and
 * lists read, with its items. An item's value is what the code and the stored records hold, so it is
 * shown but never edited; its label may be changed, and set back to the installation's (恢复默认). A
 * dictionary whose values the code does not read (可增删) also takes items the operator adds, and
 * those the operator added may be deleted.
 */
import { BookOutlined, PlusOutlined } from '@ant-design/icons';
import { DICT_MSG, type DictItemRecord, type DictRecord, dictItemAddOperation } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Empty, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useAccess } from '../../app/use-access';
import { FormDialog } from '../../components/FormDialog';
import { useConfirmedAction } from '../../components/list/ConfirmedAction';
import { ListPage } from '../../components/list/ListPage';
import { zodRule } from '../../components/zod-rule';
import {
  addDictItem,
  DICT_LIST_KEY,
  deleteDictItem,
  dictItemsKey,
  editDictItem,
  fetchDictItems,
  fetchDicts,
} from './settings-calls';

const TITLE_MAX_LENGTH = 32;

function EditItemDialog({ dict, item, onClose }: { dict: DictRecord; item: DictItemRecord | null; onClose(): void }) {
  const [form] = Form.useForm<{ title: string }>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();

  const save = async (title: string) => {
    if (!item) return;
    setSaving(true);
    try {
      const answer = await editDictItem({ dictCode: dict.code, value: item.value, title });
      notifier().success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['dict'] });
      onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={item !== null}
      title="修改字典项名称"
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        try {
          await save((await form.validateFields()).title.trim());
        } catch {
          // the form shows what is missing
        }
      }}
      footer={(buttons) => (
        <Space>
          {item?.edited && (
            <Button disabled={saving} onClick={() => save(item.defaultTitle)}>
              恢复默认
            </Button>
          )}
          {buttons}
        </Space>
      )}
    >
      {item && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ title: item.title }}>
          <Form.Item label="字典项值">
            <Typography.Text code>{item.value}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {dict.valuesFixed ? '（由系统使用，不可修改）' : '（新增后不可修改）'}
            </Typography.Text>
          </Form.Item>
          <Form.Item label="默认名称">{item.defaultTitle}</Form.Item>
          <Form.Item
            name="title"
            label="名称"
            rules={[
              { required: true, whitespace: true, message: '请输入字典项名称' },
              { max: TITLE_MAX_LENGTH, message: `字典项名称不能超过${TITLE_MAX_LENGTH}个字符` },
            ]}
          >
            <Input placeholder="请输入字典项名称" maxLength={TITLE_MAX_LENGTH} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

const addFields = dictItemAddOperation.input.shape;

/** An operator's new item of a dictionary whose values the code does not read. */
function AddItemDialog({ dict, open, onClose }: { dict: DictRecord; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<{ value: string; title: string }>();
  const queryClient = useQueryClient();
  return (
    <FormDialog
      open={open}
      title="新增字典项"
      form={form}
      onClose={onClose}
      onSubmit={async (values) => {
        const answer = await addDictItem({ dictCode: dict.code, value: values.value, title: values.title });
        notifier().success(answer.message);
        await queryClient.invalidateQueries({ queryKey: ['dict'] });
      }}
    >
      <Form.Item
        name="value"
        label="字典项值"
        required
        rules={[zodRule(addFields.value)]}
        extra="字母、数字、下划线或中划线，保存后不可修改"
      >
        <Input placeholder="请输入字典项值" maxLength={32} />
      </Form.Item>
      <Form.Item name="title" label="名称" required rules={[zodRule(addFields.title)]}>
        <Input placeholder="请输入字典项名称" maxLength={TITLE_MAX_LENGTH} showCount />
      </Form.Item>
    </FormDialog>
  );
}

function DictItemsDrawer({ dict, onClose }: { dict: DictRecord | null; onClose(): void }) {
  const canEdit = useAccess().can('sysDict:list:edit');
  const [editing, setEditing] = useState<DictItemRecord | null>(null);
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const act = useConfirmedAction(() => void queryClient.invalidateQueries({ queryKey: ['dict'] }));
  const extensible = dict !== null && !dict.valuesFixed;
  const items = useQuery({
    queryKey: dictItemsKey(dict?.code ?? ''),
    queryFn: () => fetchDictItems(dict?.code ?? ''),
    enabled: dict !== null,
  });
  const columns: ColumnsType<DictItemRecord> = [
    { key: 'value', dataIndex: 'value', title: '字典项值', width: 120 },
    {
      key: 'title',
      dataIndex: 'title',
      title: '名称',
      render: (title: string, row) => (
        <Space>
          {title}
          {row.edited && <Tag color="blue">已修改</Tag>}
          {row.operatorAdded && <Tag color="green">运营新增</Tag>}
        </Space>
      ),
    },
    { key: 'defaultTitle', dataIndex: 'defaultTitle', title: '默认名称', width: 160 },
    ...(canEdit
      ? [
          {
            key: 'action',
            title: '操作',
            width: 140,
            render: (_: unknown, row: DictItemRecord) => (
              <Space size={0}>
                <Button type="link" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                {row.operatorAdded && dict && (
                  <Button
                    type="link"
                    danger
                    onClick={() =>
                      void act(
                        DICT_MSG.confirmDelete(row.title),
                        () => deleteDictItem({ dictCode: dict.code, value: row.value }),
                        '删除成功',
                      )
                    }
                  >
                    删除
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Drawer
      open={dict !== null}
      size={720}
      title={dict ? `字典项 - ${dict.name}（${dict.code}）` : '字典项'}
      onClose={onClose}
      destroyOnHidden
      extra={
        canEdit && extensible ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            新增字典项
          </Button>
        ) : undefined
      }
    >
      {dict && (
        <Typography.Paragraph type="secondary">
          {extensible
            ? '该字典的值不由系统使用：可新增字典项，运营新增的字典项可删除；内置字典项只能修改名称。'
            : '该字典的值由系统使用：只能修改字典项名称。'}
        </Typography.Paragraph>
      )}
      <Table<DictItemRecord>
        rowKey="value"
        size="middle"
        loading={items.isLoading}
        columns={columns}
        dataSource={items.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      />
      {dict && <EditItemDialog dict={dict} item={editing} onClose={() => setEditing(null)} />}
      {dict && extensible && <AddItemDialog dict={dict} open={adding} onClose={() => setAdding(false)} />}
    </Drawer>
  );
}

export default function DictListPage() {
  const [open, setOpen] = useState<DictRecord | null>(null);
  const columns: ColumnsType<DictRecord> = [
    { key: 'name', dataIndex: 'name', title: '字典名称', width: 200 },
    { key: 'code', dataIndex: 'code', title: '字典编码', width: 240 },
    { key: 'itemCount', dataIndex: 'itemCount', title: '字典项数', width: 100 },
    {
      key: 'valuesFixed',
      dataIndex: 'valuesFixed',
      title: '字典项',
      width: 110,
      render: (fixed: boolean) => (fixed ? <Tag>仅改名称</Tag> : <Tag color="green">可增删</Tag>),
    },
    {
      key: 'editedCount',
      dataIndex: 'editedCount',
      title: '已修改名称',
      width: 110,
      render: (value: number) => (value > 0 ? <Tag color="blue">{value}</Tag> : '-'),
    },
  ];
  return (
    <Card
      className="page-card"
      title={
        <span>
          <BookOutlined /> 数据字典
        </span>
      }
    >
      <ListPage<DictRecord, { keyword?: string }>
        queryKey={DICT_LIST_KEY}
        fetchPage={(request) => fetchDicts(request)}
        rowKey="code"
        columns={columns}
        searchFields={
          <Form.Item name="keyword" label="字典">
            <Input allowClear placeholder="请输入字典名称或编码" maxLength={64} style={{ width: 220 }} />
          </Form.Item>
        }
        actionColumn={{
          key: 'action',
          title: '操作',
          width: 100,
          render: (_: unknown, row: DictRecord) => (
            <Button type="link" onClick={() => setOpen(row)}>
              字典项
            </Button>
          ),
        }}
      />
      <DictItemsDrawer dict={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
