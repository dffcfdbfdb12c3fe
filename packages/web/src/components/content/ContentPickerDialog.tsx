/**
 * The article/questionnaire picker (spec 3 §2, §5 Picker): search by title, a paged table of 10,
 * multi-select up to `max` (5; 10 where the service type allows, spec 1 §9) with the message
 * 最多选择N个文章/问卷. Only enabled items of the chosen enterprise are offered; the selection
 * survives paging and searching.
 */
import {
  CONTENT_MESSAGES,
  CONTENT_PICK_MAX,
  CONTENT_PICKER_PAGE_SIZE,
  CONTENT_TYPE,
  type ContentListRecord,
  formatChinaDateTime,
  MSG,
} from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { notifier } from '../../app/notify';
import { fetchContentList } from './content-calls';
import { ContentPreviewDialog } from './ContentPreviewDialog';

export interface PickedContent {
  id: number;
  title: string;
}

export interface ContentPickerDialogProps {
  open: boolean;
  /** 1 articles (promotion, p-ppxc), 2 questionnaires (survey, p-wjdy) */
  type: 1 | 2;
  /** the enterprise whose library is offered (platform side); the enterprise side is always its own */
  companyId?: number;
  /** at most this many; 5 by default, 10 where the service type allows */
  max?: number;
  value?: PickedContent[];
  onOk(picked: PickedContent[]): void;
  onCancel(): void;
}

export function ContentPickerDialog({
  open,
  type,
  companyId,
  max = CONTENT_PICK_MAX,
  value = [],
  onOk,
  onCancel,
}: ContentPickerDialogProps) {
  const [search, setSearch] = useState('');
  const [title, setTitle] = useState<string | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const [picked, setPicked] = useState<PickedContent[]>(value);
  const [previewId, setPreviewId] = useState<number | null>(null);

  // a new opening starts from the form's current selection
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (open) {
      setPicked(value);
      setSearch('');
      setTitle(undefined);
      setPageNo(1);
    }
  }, [open]);

  const page = useQuery({
    queryKey: ['content', 'picker', type, companyId, title, pageNo],
    queryFn: () => fetchContentList({ type, companyId, title, status: 1, pageNo, pageSize: CONTENT_PICKER_PAGE_SIZE }),
    enabled: open,
  });

  const toggle = (row: ContentListRecord, selected: boolean) => {
    if (!selected) {
      setPicked((current) => current.filter((item) => item.id !== row.id));
      return;
    }
    if (picked.some((item) => item.id === row.id)) return;
    if (picked.length >= max) {
      notifier().warning(CONTENT_MESSAGES.pickLimit(max));
      return;
    }
    setPicked((current) => [...current, { id: row.id, title: row.title }]);
  };

  const label = CONTENT_TYPE[type];
  return (
    <Modal
      open={open}
      title={`选择${label}`}
      width={730}
      okText="确定"
      cancelText="取消"
      onOk={() => onOk(picked)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder="请输入标题"
          maxLength={50}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onPressEnter={() => {
            setTitle(search.trim() || undefined);
            setPageNo(1);
          }}
          style={{ width: 260 }}
        />
        <Button
          type="primary"
          onClick={() => {
            setTitle(search.trim() || undefined);
            setPageNo(1);
          }}
        >
          查询
        </Button>
        <span>
          已选 {picked.length}/{max}
        </span>
      </Space>
      <Table<ContentListRecord>
        rowKey="id"
        size="small"
        loading={page.isFetching}
        dataSource={page.data?.records ?? []}
        locale={{ emptyText: MSG.emptyList }}
        rowSelection={{
          selectedRowKeys: picked.map((item) => item.id),
          hideSelectAll: true,
          onSelect: (row, selected) => toggle(row, selected),
        }}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '作者', dataIndex: 'author', width: 120, render: (author: string) => author || '-' },
          {
            title: '更新时间',
            dataIndex: 'updateTime',
            width: 170,
            render: (time: number) => formatChinaDateTime(time),
          },
          {
            title: '操作',
            width: 70,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setPreviewId(row.id)}>
                预览
              </Button>
            ),
          },
        ]}
        pagination={{
          current: pageNo,
          pageSize: CONTENT_PICKER_PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
      />
      <ContentPreviewDialog id={previewId} onClose={() => setPreviewId(null)} />
    </Modal>
  );
}
