/**
 * A file upload control with its list (spec 1 §2, §5): the button, a hint naming the types, size and
 * count, the held files (click a name to download, delete), and the files in flight with their
 * progress. AttachmentUpload and DocumentUpload set the policy; other pages pass their own.
 */
import { DeleteOutlined, LoadingOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { fileSizeLabel, type UploadPolicy, type UploadScene, type UploadTarget } from '@fieldpay/domain';
import { Button, Progress, Tooltip, Typography, Upload } from 'antd';
import { type ReactNode, useEffect } from 'react';
import type { AttachmentItem } from './attachment-item';
import { openStoredFile } from './open-file';
import { useUploader } from './use-uploader';
import './upload.css';

export interface FileUploadProps {
  value?: AttachmentItem[];
  onChange?(items: AttachmentItem[]): void;
  policy: UploadPolicy;
  scene: UploadScene;
  /** the upload call; the common one unless the page needs another (spec 1 §7) */
  target?: UploadTarget;
  /** the record the files belong to, so the server counts them per record */
  uploadPath?: string;
  recordId?: string;
  /** a disabled-until rule of the page; the reason is shown beside the button */
  disabled?: boolean;
  disabledReason?: string;
  buttonText?: string;
  hint?: ReactNode;
  /** for the label of a form item */
  id?: string;
  /** told when the first upload starts and the last one ends, so a form can wait before saving */
  onBusyChange?(busy: boolean): void;
}

export const acceptOf = (policy: UploadPolicy): string => policy.extensions.map((ext) => `.${ext}`).join(',');

export function policyHint(policy: UploadPolicy): string {
  const count = policy.maxCount > 1 ? `，最多上传${policy.maxCount}个` : '';
  return `支持 ${policy.extensions.join('、')} 格式，单个文件不超过${fileSizeLabel(policy.maxBytes)}${count}`;
}

export function FileUpload({
  value,
  onChange,
  policy,
  scene,
  target = 'upload',
  uploadPath,
  recordId,
  disabled = false,
  disabledReason,
  buttonText = '上传附件',
  hint,
  id,
  onBusyChange,
}: FileUploadProps) {
  const uploader = useUploader({ value, onChange, policy, scene, target, uploadPath, recordId });
  const busy = uploader.inFlight.length > 0;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  const button = (
    <Upload
      accept={acceptOf(policy)}
      multiple={policy.maxCount > 1}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        // a disabled control takes nothing, whatever reaches its input
        if (!disabled) uploader.pick(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button id={id} icon={<UploadOutlined />} disabled={disabled}>
        {buttonText}
      </Button>
    </Upload>
  );

  return (
    <div className="file-upload">
      {disabled && disabledReason ? (
        <Tooltip title={disabledReason}>
          <span className="file-upload-trigger">{button}</span>
        </Tooltip>
      ) : (
        <span className="file-upload-trigger">{button}</span>
      )}
      <div className="file-upload-hint">
        {disabled && disabledReason ? (
          <Typography.Text type="warning">{disabledReason}</Typography.Text>
        ) : (
          (hint ?? policyHint(policy))
        )}
      </div>
      {(uploader.active.length > 0 || uploader.inFlight.length > 0) && (
        <ul className="file-upload-list">
          {uploader.active.map((item) => (
            <li key={item.address} className="file-upload-item">
              <PaperClipOutlined className="file-upload-icon" />
              <button
                type="button"
                className="file-upload-name"
                title={item.name}
                onClick={() => void openStoredFile(item.address, 'attachment')}
              >
                {item.name}
              </button>
              {item.fileSize !== undefined && <span className="file-upload-size">{fileSizeLabel(item.fileSize)}</span>}
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={`删除 ${item.name}`}
                disabled={disabled}
                onClick={() => uploader.remove(item.address)}
              />
            </li>
          ))}
          {uploader.inFlight.map((upload) => (
            <li key={upload.uid} className="file-upload-item file-upload-item-busy" aria-busy="true">
              <LoadingOutlined className="file-upload-icon" />
              <span className="file-upload-name">{upload.name}</span>
              <Progress className="file-upload-progress" percent={upload.percent} size="small" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
