/**
 * The images of a tax voucher: 完税凭证 (the tax office's certificates) or 代征明细 (the stamped
 * withholding report), each shown whole and opening antd's viewer, which steps through them.
 */
import { DIALOG_WIDTH, MSG, type TaxVoucherFile, type TaxVoucherRecord } from '@fieldpay/domain';
import { Button, Empty, Image, Modal, Spin } from 'antd';
import { useFileUrl } from '../../components/upload/use-file-url';

function VoucherImage({ file }: { file: TaxVoucherFile }) {
  const { url, failed } = useFileUrl(file.address);
  return (
    <figure className="tax-voucher-image" title={file.name}>
      {url ? (
        <Image src={url} alt={file.name} />
      ) : failed ? (
        <span className="tax-voucher-image-invalid">{MSG.invalidFile}</span>
      ) : (
        <Spin size="small" />
      )}
      <figcaption>{file.name}</figcaption>
    </figure>
  );
}

export function TaxVoucherImagesDialog({
  title,
  voucher,
  files,
  onClose,
}: {
  title: string;
  voucher: TaxVoucherRecord | null;
  files: TaxVoucherFile[];
  onClose(): void;
}) {
  return (
    <Modal
      open={voucher !== null}
      title={voucher ? `${title}（${voucher.enterpriseName} ${voucher.taxPeriod}）` : title}
      width={DIALOG_WIDTH.enterpriseMedium}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {files.length === 0 ? (
        <Empty description={MSG.emptyList} />
      ) : (
        <Image.PreviewGroup>
          <div className="tax-voucher-images">
            {files.map((file) => (
              <VoucherImage key={file.id} file={file} />
            ))}
          </div>
        </Image.PreviewGroup>
      )}
    </Modal>
  );
}
