/**
 * 上传完税凭证 (spec 2 §2.7, §5): the enterprise and the tax period, the taxes withheld on its
 * payouts of that month as the server sums them, then the three required uploads (完税凭证 images,
 * the stamped 完税明细报告 images, the 缴税清单 in Word or PDF under 5 MB) and 保存; 返回 goes back to
 * the list. A period that has a voucher opens with its files, and saving replaces them.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { MSG, TAX_VOUCHER_MSG, TAX_VOUCHER_UPLOAD_PATH, type TaxVoucherRecord } from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { type LookupValue, RemoteSelect } from '../../components/RemoteSelect';
import { type AttachmentItem, activeItems } from '../../components/upload/attachment-item';
import { DocumentUpload } from '../../components/upload/DocumentUpload';
import { MultiImageUpload } from '../../components/upload/MultiImageUpload';
import { requiredUploadRule } from '../../components/upload/required-upload-rule';
import { chinaTime, yuan } from '../settlements/settlement-format';
import { fetchTaxPeriod, saveTaxVoucher, TAX_VOUCHER_KEY, taxPeriodKey } from './tax-voucher-calls';

interface UploadForm {
  enterpriseId?: LookupValue;
  taxPeriod?: Dayjs;
  voucherImages?: AttachmentItem[];
  reportImages?: AttachmentItem[];
  taxListFile?: AttachmentItem[];
}

/** The three required uploads of spec 2 §2.7 and §5, each with its message. */
const UPLOADS = [
  { name: 'voucherImages', label: '完税凭证（图）', message: MSG.taxVoucherImageRequired },
  { name: 'reportImages', label: '完税明细报告（盖章图）', message: MSG.taxDetailReportRequired },
  { name: 'taxListFile', label: '缴税清单（电子版）', message: MSG.taxListFileRequired },
] as const;

const savedItems = (files: TaxVoucherRecord['voucherImages']): AttachmentItem[] =>
  files.map((file) => ({ name: file.name, address: file.address, fileType: file.fileType, delFlag: 0 }));

const addresses = (items: AttachmentItem[] | undefined) => activeItems(items).map((item) => item.address);

export function TaxVoucherUploadView({ onBack }: { onBack(): void }) {
  const [form] = Form.useForm<UploadForm>();
  const queryClient = useQueryClient();
  const tenantId = useSession((state) => state.userInfo?.tenant.id ?? 0);
  const enterpriseId = Form.useWatch('enterpriseId', form);
  const taxPeriod = Form.useWatch('taxPeriod', form)?.format('YYYY-MM');
  // the uploads still sending a file: 保存 waits for them
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const chosen = typeof enterpriseId === 'number' && taxPeriod !== undefined;

  const period = useQuery({
    queryKey: taxPeriodKey(Number(enterpriseId ?? 0), tenantId, taxPeriod ?? ''),
    queryFn: () => fetchTaxPeriod({ enterpriseId: Number(enterpriseId), tenantId, taxPeriod: taxPeriod ?? '' }),
    enabled: chosen,
    retry: false,
  });
  const voucher = period.data?.voucher ?? null;
  const nothingWithheld = period.data !== undefined && Number(period.data.paidTaxAmount) <= 0;

  // a period that has its voucher opens with its files; another period starts empty
  useEffect(() => {
    form.setFieldsValue({
      voucherImages: voucher ? savedItems(voucher.voucherImages) : [],
      reportImages: voucher ? savedItems(voucher.reportImages) : [],
      taxListFile: voucher?.taxListFile ? savedItems([voucher.taxListFile]) : [],
    });
  }, [form, voucher]);

  const save = async () => {
    const values = await form.validateFields();
    if (!chosen || !values.taxPeriod) return;
    setSaving(true);
    try {
      const message = await saveTaxVoucher({
        id: voucher?.id,
        enterpriseId: Number(values.enterpriseId),
        tenantId,
        taxPeriod: values.taxPeriod.format('YYYY-MM'),
        voucherImages: addresses(values.voucherImages),
        reportImages: addresses(values.reportImages),
        taxListFile: addresses(values.taxListFile)[0] ?? '',
      });
      notifier().success(message || TAX_VOUCHER_MSG.saved);
      await queryClient.invalidateQueries({ queryKey: TAX_VOUCHER_KEY });
      onBack();
    } finally {
      setSaving(false);
    }
  };

  // the uploads wait for the period, and there is nothing to prove for a month without withheld taxes
  const widget = {
    uploadPath: TAX_VOUCHER_UPLOAD_PATH,
    recordId: voucher ? String(voucher.id) : undefined,
    disabled: !chosen || nothingWithheld,
    disabledReason: !chosen ? '请先选择企业和税款所属期' : undefined,
  };
  const busyChange = useMemo(
    () =>
      Object.fromEntries(
        UPLOADS.map(({ name }) => [
          name,
          (sending: boolean) =>
            setBusy((now) => {
              if (now.has(name) === sending) return now;
              const next = new Set(now);
              if (sending) next.add(name);
              else next.delete(name);
              return next;
            }),
        ]),
      ),
    [],
  );

  return (
    <Card
      className="page-card"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label="返回">
            返回
          </Button>
          <span>上传完税凭证</span>
        </Space>
      }
    >
      <Form<UploadForm> form={form} layout="horizontal" labelCol={{ flex: '180px' }} className="tax-voucher-upload">
        <Form.Item
          name="enterpriseId"
          label="企业"
          rules={[{ required: true, message: TAX_VOUCHER_MSG.enterpriseRequired }]}
        >
          <RemoteSelect kind="enterprise" placeholder="请选择企业" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="taxPeriod"
          label="税款所属期"
          rules={[{ required: true, message: TAX_VOUCHER_MSG.taxPeriodRequired }]}
        >
          <DatePicker
            picker="month"
            placeholder="请选择月份"
            disabledDate={(month) => month.isAfter(dayjs(), 'month')}
            style={{ width: 220 }}
          />
        </Form.Item>
        {chosen && (
          <Form.Item label="已缴税额" className="tax-voucher-period-facts">
            {period.isFetching && !period.data ? (
              <Spin size="small" />
            ) : period.data ? (
              <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                <span>
                  <span className="money">{yuan(period.data.paidTaxAmount)}</span>
                  <span className="tax-voucher-muted">（所属期内代扣税款的结算单 {period.data.settlementNum} 笔）</span>
                </span>
                {nothingWithheld && <Alert type="warning" showIcon title={TAX_VOUCHER_MSG.noWithheldTax} />}
                {voucher && (
                  <Alert
                    type="info"
                    showIcon
                    title={`该所属期已于 ${chinaTime(voucher.updateTime)} 由 ${voucher.realName || voucher.account} 上传完税凭证，保存后将替换`}
                  />
                )}
              </Space>
            ) : null}
          </Form.Item>
        )}
        {UPLOADS.map((upload) => (
          <Form.Item
            key={upload.name}
            name={upload.name}
            label={upload.label}
            required
            rules={[requiredUploadRule(upload.message)]}
          >
            {upload.name === 'taxListFile' ? (
              <DocumentUpload scene="taxList" maxCount={1} {...widget} onBusyChange={busyChange[upload.name]} />
            ) : (
              <MultiImageUpload {...widget} onBusyChange={busyChange[upload.name]} />
            )}
          </Form.Item>
        ))}
        <Form.Item label=" " colon={false}>
          <Space>
            <Button
              type="primary"
              loading={saving}
              disabled={nothingWithheld || busy.size > 0}
              onClick={() => void save().catch(() => undefined)}
            >
              保存
            </Button>
            <Button onClick={onBack}>返回</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
