/**
 * Attachment list dialog (spec 1 §2; spec 3 §2), 730 wide: the files of a record, or the files a
 * page hands over. A name downloads its file; PDFs and images preview; with `deletable` a file can
 * be deleted (删除成功, or the server's message as a warning).
 */
import { DIALOG_WIDTH, fileSizeLabel, formatChinaDateTime, MSG } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Image, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { type AttachmentItem, activeItems, fromUploaded } from './attachment-item';
import { deleteFile, listFiles } from './file-calls';
import { openStoredFile, opensInline } from './open-file';
import { PdfViewer } from './PdfViewer';
import { useFileUrl } from './use-file-url';

export interface AttachmentListDialogProps {
  open: boolean;
  onClose(): void;
  title?: string;
  /** files the page already has */
  files?: AttachmentItem[];
  /** or the record whose attachments are loaded */
  record?: { uploadPath: string; recordId: string };
  /** offer deletion (record mode) */
  deletable?: boolean;
}

function ImagePreview({ item, onClose }: { item: AttachmentItem; onClose(): void }) {
  const { url } = useFileUrl(item.address, item.url);
  if (!url) return null;
  return (
    <Image
      style={{ display: 'none' }}
      src={url}
      alt={item.name}
      preview={{ open: true, src: url, onOpenChange: (open) => !open && onClose() }}
    />
  );
}

export function AttachmentListDialog({
  open,
  onClose,
  title = '附件列表',
  files,
  record,
  deletable = false,
}: AttachmentListDialogProps) {
  const queryClient = useQueryClient();
  const queryKey = ['attachments', record?.uploadPath, record?.recordId];
  const loaded = useQuery({
    queryKey,
    queryFn: async () => (await listFiles(record?.uploadPath ?? '', record?.recordId ?? '')).map(fromUploaded),
    enabled: open && Boolean(record),
  });
  const [previewing, setPreviewing] = useState<AttachmentItem | null>(null);
  const rows = activeItems(record ? loaded.data : files);

  const remove = async (item: AttachmentItem) => {
    try {
      notifier().success((await deleteFile(item.address)) || MSG.deleteSuccess);
      await queryClient.invalidateQueries({ queryKey });
    } catch {
      // the request layer showed the server's message as a warning
    }
  };

  const isPdf = (item: AttachmentItem) => item.fileType === 'pdf';

  return (
    <Modal
      open={open}
      title={title}
      width={DIALOG_WIDTH.list}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      destroyOnHidden
    >
      <Table<AttachmentItem>
        rowKey="address"
        size="small"
        loading={Boolean(record) && loaded.isFetching}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: MSG.emptyList }}
        columns={[
          {
            title: '文件名',
            dataIndex: 'name',
            ellipsis: true,
            render: (name: string, item) => (
              <Button
                type="link"
                className="attachment-name"
                onClick={() =>
                  // a file the page gave a signed link for (a person's materials) opens by that link
                  item.url
                    ? window.open(item.url, '_blank', 'noopener')
                    : void openStoredFile(item.address, 'attachment')
                }
              >
                {name}
              </Button>
            ),
          },
          {
            title: '大小',
            dataIndex: 'fileSize',
            width: 90,
            render: (size?: number) => (size === undefined ? '-' : fileSizeLabel(size)),
          },
          {
            title: '上传时间',
            dataIndex: 'createTime',
            width: 160,
            render: (time?: number) => (time ? formatChinaDateTime(time) : '-'),
          },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_, item) => (
              <Space size={4}>
                {opensInline(item.fileType) && (
                  <Button type="link" size="small" onClick={() => setPreviewing(item)}>
                    预览
                  </Button>
                )}
                {deletable && record && (
                  <Popconfirm title="确定删除该附件吗？" okText="确定" cancelText="取消" onConfirm={() => remove(item)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {previewing && isPdf(previewing) && (
        <Modal
          open
          title={previewing.name}
          width={DIALOG_WIDTH.large}
          footer={null}
          onCancel={() => setPreviewing(null)}
          destroyOnHidden
        >
          <PdfViewer address={previewing.address} width={DIALOG_WIDTH.large - 64} />
        </Modal>
      )}
      {previewing && !isPdf(previewing) && <ImagePreview item={previewing} onClose={() => setPreviewing(null)} />}
    </Modal>
  );
}
