/**
 * The attachment upload dialog of a settlement (spec 2 §2.2, §5): the enterprise adds files while the
 * settlement waits for its audit (the row action 'uploadAttachment' of settlementRowActions), under
 * the attachment rule of type 1 (png, jpg, jpeg, doc, docx, xls, xlsx, pdf, zip, rar; manager_file_size
 * MB; 64-character names; at most 10), each with its message; a file is saved to the settlement once
 * uploaded, and deleted with 删除成功. Read-only (the platform, or a settlement past its audit), it
 * lists the files, 暂无数据 when there are none.
 */
import {
  DIALOG_WIDTH,
  fileSizeLabel,
  formatChinaDateTime,
  MSG,
  SETTLEMENT_ATTACHMENT_UPLOAD_PATH,
  type SettlementAttachment,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Table } from 'antd';
import { useMemo } from 'react';
import { notifier } from '../../app/notify';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { AttachmentUpload } from '../../components/upload/AttachmentUpload';
import { openStoredFile } from '../../components/upload/open-file';
import {
  deleteSettlementAttachment,
  listSettlementAttachments,
  saveSettlementAttachment,
  settlementAttachmentsKey,
} from './settlement-documents-calls';

export interface SettlementAttachmentsDialogProps {
  open: boolean;
  settlement: { id: number; settlementSn: string } | null;
  /** the enterprise may add and delete: enterprise mode and audit status 1 */
  editable: boolean;
  onClose(): void;
  /** told after an attachment was added or deleted (the detail's attachment count) */
  onChanged?(): void;
}

const toItem = (attachment: SettlementAttachment): AttachmentItem => ({
  name: attachment.name,
  address: attachment.address,
  fileSize: attachment.fileSize,
  fileType: attachment.fileType,
  createTime: attachment.createTime,
  delFlag: 0,
});

export function SettlementAttachmentsDialog({
  open,
  settlement,
  editable,
  onClose,
  onChanged,
}: SettlementAttachmentsDialogProps) {
  const queryClient = useQueryClient();
  const settlementId = settlement?.id ?? 0;
  const queryKey = settlementAttachmentsKey(settlementId);
  const loaded = useQuery({
    queryKey,
    queryFn: () => listSettlementAttachments(settlementId),
    enabled: open && settlementId > 0,
  });
  const attachments = loaded.data ?? [];
  const items = useMemo(() => attachments.map(toItem), [attachments]);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey });
    onChanged?.();
  };

  /** The upload control's list changed: a new file is saved, a removed one deleted. */
  const changed = async (next: AttachmentItem[]) => {
    try {
      for (const item of next) {
        if (item.delFlag === undefined) await saveSettlementAttachment(settlementId, item.address);
        if (item.delFlag === 1) {
          const attachment = attachments.find((row) => row.address === item.address);
          if (attachment)
            notifier().success((await deleteSettlementAttachment(settlementId, attachment.id)) || MSG.deleteSuccess);
        }
      }
    } catch {
      // the request layer showed the server's message as a warning
    }
    await refresh();
  };

  return (
    <Modal
      open={open}
      title="上传附件"
      width={DIALOG_WIDTH.list}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {settlement && editable && (
        <>
          <AttachmentUpload
            page="default"
            value={items}
            onChange={(next) => void changed(next)}
            uploadPath={SETTLEMENT_ATTACHMENT_UPLOAD_PATH}
            recordId={String(settlement.id)}
          />
          {!loaded.isFetching && items.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} />
          )}
        </>
      )}
      {settlement && !editable && (
        <Table<SettlementAttachment>
          rowKey="id"
          size="small"
          loading={loaded.isFetching}
          dataSource={attachments}
          pagination={false}
          locale={{ emptyText: MSG.emptyList }}
          columns={[
            {
              title: '文件名',
              dataIndex: 'name',
              ellipsis: true,
              render: (name: string, row) => (
                <Button type="link" onClick={() => void openStoredFile(row.address, 'attachment')}>
                  {name}
                </Button>
              ),
            },
            { title: '大小', dataIndex: 'fileSize', width: 90, render: (size: number) => fileSizeLabel(size) },
            { title: '上传人', dataIndex: 'createName', width: 100 },
            {
              title: '上传时间',
              dataIndex: 'createTime',
              width: 160,
              render: (time: number) => formatChinaDateTime(time),
            },
          ]}
        />
      )}
    </Modal>
  );
}
