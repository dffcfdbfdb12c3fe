/**
 * 完税凭证列表 (spec 2 §2.7, §3 "Tax voucher row"; decision 0032), both sides: search by enterprise
 * name (at most 50 characters; the platform side's) and tax period (a range within 366 days of the first pick), the
 * columns of the user's layout (taxVoucherList), and per row 关联结算单, 代征明细 (the stamped report
 * images), 下载缴税清单 and 完税凭证 (the voucher images). Platform staff upload with 上传完税凭证,
 * which opens the upload page (?upload=1).
 */
import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { INPUT_MAX_LENGTH, PAGE_SIZE, type TaxVoucherListQuery, type TaxVoucherRecord } from '@fieldpay/domain';
import { Button, Card, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useIsPlatformOperator, useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { type CellRenderer, ListPage, plainCell } from '../../components/list/ListPage';
import { searchText } from '../../components/text';
import { chinaTime, yuan } from '../settlements/settlement-format';
import { fetchTaxVouchers, TAX_VOUCHER_LIST_KEY } from './tax-voucher-calls';
import { TaxListDownloadButton } from './TaxListDownloadButton';
import { TaxVoucherImagesDialog } from './TaxVoucherImagesDialog';
import { TaxVoucherSettlementsDialog } from './TaxVoucherSettlementsDialog';
import { TaxVoucherUploadView } from './TaxVoucherUploadView';
import './tax-vouchers.css';

type Filters = Omit<TaxVoucherListQuery, 'pageNo' | 'pageSize'>;

type Dialog =
  | { kind: 'settlements'; voucher: TaxVoucherRecord }
  | { kind: 'report' | 'voucher'; voucher: TaxVoucherRecord }
  | { kind: 'none' };

/** Tenant staff upload; the platform operator reads every tenant's. */
export function useCanUploadTaxVouchers(): boolean {
  const { can } = useAccess();
  const operator = useIsPlatformOperator();
  const side = useSession((state) => state.side);
  return side === 'platform' && !operator && can('taxVoucher:list:upload');
}

export default function TaxVoucherListPage() {
  const [params, setParams] = useSearchParams();
  const canUpload = useCanUploadTaxVouchers();
  // the enterprise lists its own vouchers only: there is no enterprise to search for
  const enterpriseSide = useSession((state) => state.side) === 'enterprise';
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  const renderers = useMemo<Partial<Record<string, CellRenderer<TaxVoucherRecord>>>>(
    () => ({
      paidTaxAmount: (row) => <span className="money">{yuan(row.paidTaxAmount)}</span>,
      createTime: (row) => plainCell(chinaTime(row.createTime)),
    }),
    [],
  );

  if (params.get('upload') === '1' && canUpload) {
    return (
      <TaxVoucherUploadView
        onBack={() => {
          const next = new URLSearchParams(params);
          next.delete('upload');
          setParams(next);
        }}
      />
    );
  }

  return (
    <Card
      className="page-card"
      title={
        <span>
          <SafetyCertificateOutlined /> 完税凭证列表
        </span>
      }
    >
      <ListPage<TaxVoucherRecord, Filters>
        serviceName="taxVoucherList"
        queryKey={TAX_VOUCHER_LIST_KEY}
        fetchPage={(request) => fetchTaxVouchers(request)}
        rowKey="id"
        listType={1}
        defaultPageSize={PAGE_SIZE.taxVoucherList}
        renderers={renderers}
        searchFields={
          <>
            {!enterpriseSide && (
              <Form.Item name="name" label="企业名称">
                <Input allowClear placeholder="请输入企业名称" maxLength={INPUT_MAX_LENGTH.taxVoucherName} />
              </Form.Item>
            )}
            <Form.Item name="period" label="税款所属期">
              <DateRangePicker variant="taxVoucher" />
            </Form.Item>
          </>
        }
        toFilters={({ name, period }) => ({
          name: searchText(name),
          ...rangeToTimes(period as Parameters<typeof rangeToTimes>[0]),
        })}
        toolbar={
          canUpload ? (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              onClick={() => {
                const next = new URLSearchParams(params);
                next.set('upload', '1');
                setParams(next);
              }}
            >
              上传完税凭证
            </Button>
          ) : undefined
        }
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 340,
          render: (_value, row) => (
            <span className="list-actions">
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'settlements', voucher: row })}>
                关联结算单
              </Button>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'report', voucher: row })}>
                代征明细
              </Button>
              <TaxListDownloadButton voucher={row} />
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'voucher', voucher: row })}>
                完税凭证
              </Button>
            </span>
          ),
        }}
      />
      <TaxVoucherSettlementsDialog voucher={dialog.kind === 'settlements' ? dialog.voucher : null} onClose={close} />
      <TaxVoucherImagesDialog
        title={dialog.kind === 'report' ? '代征明细' : '完税凭证'}
        voucher={dialog.kind === 'report' || dialog.kind === 'voucher' ? dialog.voucher : null}
        files={
          dialog.kind === 'report'
            ? dialog.voucher.reportImages
            : dialog.kind === 'voucher'
              ? dialog.voucher.voucherImages
              : []
        }
        onClose={close}
      />
    </Card>
  );
}
