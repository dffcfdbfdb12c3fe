/** 下载缴税清单 of a voucher row: the tax list file as an attachment; off when the voucher has none. */
import type { TaxVoucherRecord } from '@fieldpay/domain';
import { Button } from 'antd';
import { openStoredFile } from '../../components/upload/open-file';

export function TaxListDownloadButton({ voucher }: { voucher: TaxVoucherRecord }) {
  const file = voucher.taxListFile;
  return (
    <Button
      type="link"
      size="small"
      disabled={!file}
      onClick={() => file && void openStoredFile(file.address, 'attachment')}
    >
      下载缴税清单
    </Button>
  );
}
