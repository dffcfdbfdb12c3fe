/**
 * Picture cards of the image widgets: each held image (preview, delete), each image in flight with
 * its progress, and the add card while the count allows another.
 */
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG, type UploadPolicy } from '@fieldpay/domain';
import { Button, Image, Progress, Spin, Tooltip, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { AttachmentItem } from './attachment-item';
import { acceptOf } from './FileUpload';
import { useFileUrl } from './use-file-url';
import type { Uploader } from './use-uploader';
import './upload.css';

function HeldImage({ item, disabled, onRemove }: { item: AttachmentItem; disabled: boolean; onRemove(): void }) {
  const { url, failed } = useFileUrl(item.address, item.url);
  const [previewing, setPreviewing] = useState(false);
  return (
    <div className="image-tile" title={item.name}>
      {url ? (
        <Image
          src={url}
          alt={item.name}
          width={102}
          height={102}
          preview={{ open: previewing, onOpenChange: setPreviewing, src: url }}
        />
      ) : failed ? (
        <span className="image-tile-invalid">{MSG.invalidFile}</span>
      ) : (
        <Spin size="small" />
      )}
      <div className="image-tile-actions">
        <Button
          type="text"
          size="small"
          icon={<EyeOutlined />}
          aria-label={`预览 ${item.name}`}
          disabled={!url}
          onClick={() => setPreviewing(true)}
        />
        <Button
          type="text"
          size="small"
          icon={<DeleteOutlined />}
          aria-label={`删除 ${item.name}`}
          disabled={disabled}
          onClick={onRemove}
        />
      </div>
    </div>
  );
}

export interface ImageTilesProps {
  uploader: Uploader;
  policy: UploadPolicy;
  disabled: boolean;
  disabledReason?: string;
  hint: string;
  id?: string;
}

export function ImageTiles({ uploader, policy, disabled, disabledReason, hint, id }: ImageTilesProps) {
  const canAdd = uploader.active.length + uploader.inFlight.length < policy.maxCount;
  const addCard = (
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
      <button id={id} type="button" className="image-tile image-tile-add" disabled={disabled}>
        <PlusOutlined />
        <span>上传图片</span>
      </button>
    </Upload>
  );
  return (
    <div className="image-upload">
      <div className="image-tiles">
        {uploader.active.map((item) => (
          <HeldImage
            key={item.address}
            item={item}
            disabled={disabled}
            onRemove={() => uploader.remove(item.address)}
          />
        ))}
        {uploader.inFlight.map((upload) => (
          <div key={upload.uid} className="image-tile" aria-busy="true" title={upload.name}>
            <Progress type="circle" percent={upload.percent} size={56} />
          </div>
        ))}
        {canAdd && (disabled && disabledReason ? <Tooltip title={disabledReason}>{addCard}</Tooltip> : addCard)}
      </div>
      <div className="file-upload-hint">
        {disabled && disabledReason ? <Typography.Text type="warning">{disabledReason}</Typography.Text> : hint}
      </div>
    </div>
  );
}
