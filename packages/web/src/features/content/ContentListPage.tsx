/**
 * 文章列表 and 问卷列表 (spec 3 §2, §3, §7): search by title and status; the enterprise side writes,
 * edits, enables/disables and deletes its own items, the platform side reads its tenant's, by
 * client. Every row previews as on a phone (with the share QR code); the toolbar opens the picker
 * as the project form will (its limit of 5).
 */
import { FileTextOutlined, PlusOutlined, SelectOutlined } from '@ant-design/icons';
import {
  CONTENT_STATUS,
  CONTENT_TYPE,
  type ContentListQuery,
  type ContentListRecord,
  formatChinaDateTime,
} from '@fieldpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import {
  CONTENT_KEY,
  contentListKey,
  deleteContent,
  fetchContentList,
  setContentStatus,
} from '../../components/content/content-calls';
import { ContentPickerDialog, type PickedContent } from '../../components/content/ContentPickerDialog';
import { ContentPreviewDialog } from '../../components/content/ContentPreviewDialog';
import { ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { ContentEditDialog } from './ContentEditDialog';

type Filters = Omit<ContentListQuery, 'pageNo' | 'pageSize' | 'type'>;

const STATUS_OPTIONS = Object.entries(CONTENT_STATUS).map(([value, info]) => ({
  value: Number(value),
  label: info.label,
}));
const formatTime = (time: number) => formatChinaDateTime(time);

export function ContentListPage({ type }: { type: 1 | 2 }) {
  const side = useSession((state) => state.side);
  const access = useAccess();
  const queryClient = useQueryClient();
  const canAdd = access.can('content:list:add');
  const canEdit = access.can('content:list:edit');
  const canDelete = access.can('content:list:delete');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [picked, setPicked] = useState<PickedContent[]>([]);
  const label = CONTENT_TYPE[type];

  const act = async (work: () => Promise<string>) => {
    try {
      notifier().success(await work());
      await queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
    } catch {
      // the request layer showed the server's message
    }
  };

  return (
    <Card
      className="page-card"
      title={
        <span>
          <FileTextOutlined /> {label}列表
        </span>
      }
    >
      <ListPage<ContentListRecord, Filters>
        queryKey={contentListKey(type)}
        fetchPage={(request) => fetchContentList({ ...request, type })}
        rowKey="id"
        emptyText="暂无数据"
        searchFields={
          <>
            <Form.Item name="title" label="标题">
              <Input allowClear placeholder="请输入标题" maxLength={50} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部" options={STATUS_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
            {side === 'platform' && (
              <Form.Item name="companyId" label="客户">
                <RemoteSelect kind="enterprise" placeholder="请选择客户" style={{ width: 220 }} />
              </Form.Item>
            )}
          </>
        }
        toolbar={
          <>
            {canAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                新增{label}
              </Button>
            )}
            {side === 'enterprise' && (
              <Button icon={<SelectOutlined />} onClick={() => setPickerOpen(true)}>
                选择{label}
              </Button>
            )}
            {picked.length > 0 && (
              <Space size={4} wrap>
                已选：
                {picked.map((item) => (
                  <Tag key={item.id}>{item.title}</Tag>
                ))}
              </Space>
            )}
          </>
        }
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          ...(type === 2 ? [{ title: '题目数', dataIndex: 'questionCount', width: 90 } as const] : []),
          { title: '作者', dataIndex: 'author', width: 120, render: (author: string) => author || '-' },
          ...(side === 'platform'
            ? [{ title: '客户', dataIndex: 'companyName', width: 220, ellipsis: true } as const]
            : []),
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (_: unknown, row: ContentListRecord) => (
              <StatusTag dictionary={CONTENT_STATUS} value={row.status} />
            ),
          },
          { title: '更新时间', dataIndex: 'updateTime', width: 170, render: (time: number) => formatTime(time) },
        ]}
        actionColumn={{
          title: '操作',
          width: side === 'enterprise' ? 210 : 80,
          render: (_, row) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setPreviewId(row.id)}>
                预览
              </Button>
              {canEdit && (
                <Button type="link" size="small" onClick={() => setEditing(row.id)}>
                  编辑
                </Button>
              )}
              {canEdit && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => void act(() => setContentStatus(row.id, row.status === 1 ? 0 : 1))}
                >
                  {row.status === 1 ? '停用' : '启用'}
                </Button>
              )}
              {canDelete && (
                <Popconfirm
                  title={`确定删除该${label}吗？`}
                  okText="确定"
                  cancelText="取消"
                  onConfirm={() => act(() => deleteContent(row.id))}
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        }}
      />
      <ContentEditDialog target={editing} type={type} onClose={() => setEditing(null)} />
      <ContentPreviewDialog id={previewId} onClose={() => setPreviewId(null)} />
      <ContentPickerDialog
        open={pickerOpen}
        type={type}
        value={picked}
        onOk={(items) => {
          setPicked(items);
          setPickerOpen(false);
        }}
        onCancel={() => setPickerOpen(false)}
      />
    </Card>
  );
}
