/**
 * 申请开票 (spec 2 §2.6, §3 "Invoice"; decision 0031): the enterprise picks settled statements not yet
 * invoiced (at most INVOICE_SETTLEMENTS_MAX, across pages), the invoice type and category and how the
 * invoice travels (快递: recipient, phone, address; 邮箱: the address). The invoice's header, tax
 * number and bank come from the enterprise's invoice info, shown here; before it was ever saved the
 * dialog says so and offers 编辑开票信息. Every field is checked with the server's own rule.
 */
import {
  DIALOG_WIDTH,
  formatYuan,
  INPUT_MAX_LENGTH,
  INVOICE_CATEGORIES,
  INVOICE_MSG,
  INVOICE_SENDING_TYPES,
  INVOICE_SETTLEMENTS_MAX,
  INVOICE_TYPES,
  type InvoiceApplyBody,
  type InvoiceSettlement,
  invoiceApplyBodySchema,
  MSG,
  PAGE_SIZE,
  sumFen,
  yuanToFen,
} from '@fieldpay/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Empty,
  Form,
  type FormRule,
  Input,
  Radio,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { FormDialog } from '../../components/FormDialog';
import { numericKeys } from '../../components/list/ListPage';
import { chinaTime, yuan } from '../settlements/settlement-format';
import {
  applyInvoice,
  fetchInvoiceableSettlements,
  fetchInvoiceInfo,
  INVOICE_KEY,
  INVOICEABLE_SETTLEMENTS_KEY,
  invoiceInfoKey,
} from './invoice-calls';
import { InvoiceInfoDialog } from './InvoiceInfoDialog';

interface ApplyForm {
  settlementIds: number[];
  invoiceType?: 1 | 2;
  invoiceCategory?: string;
  invoiceSendingType?: 1 | 2;
  recipient?: string;
  recipientPhone?: string;
  recipientAddress?: string;
  recipientEmail?: string;
  remarks?: string;
}

type ApplyField = keyof ApplyForm;

/**
 * Valid stand-ins for the fields other than the one checked, so that the body's own rules (its
 * cross-field ones too: the recipient of a paper invoice, the e-mail of an electronic one) speak of
 * that field alone, whatever else is still empty.
 */
const STAND_INS: Pick<InvoiceApplyBody, 'settlementIds' | 'invoiceType' | 'invoiceCategory' | 'invoiceSendingType'> = {
  settlementIds: [1],
  invoiceType: 1,
  invoiceCategory: INVOICE_CATEGORIES[0],
  invoiceSendingType: 1,
};

/** The rule of one field: the apply body's schema, its first problem with this field. */
const bodyRule =
  (field: ApplyField): FormRule =>
  (form) => ({
    validator: () => {
      const values = form.getFieldsValue(true) as ApplyForm;
      const parsed = invoiceApplyBodySchema.safeParse({
        ...STAND_INS,
        invoiceSendingType: values.invoiceSendingType ?? STAND_INS.invoiceSendingType,
        [field]: field === 'settlementIds' ? (values.settlementIds ?? []) : values[field],
      });
      const issue = parsed.success ? undefined : parsed.error.issues.find((item) => item.path[0] === field);
      return issue ? Promise.reject(new Error(issue.message)) : Promise.resolve();
    },
  });

const optionsOf = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/** The settled statements to pick from, paged, with the choice kept across pages. */
function SettlementPicker({ value = [], onChange }: { value?: number[]; onChange?(ids: number[]): void }) {
  const [pageNo, setPageNo] = useState(1);
  const [search, setSearch] = useState('');
  // the chosen rows, for the amount of the invoice (rows of other pages are not in the answer)
  const [chosen, setChosen] = useState<Map<number, InvoiceSettlement>>(new Map());
  const pageSize = PAGE_SIZE.invoiceList;
  const query = useQuery({
    queryKey: [...INVOICEABLE_SETTLEMENTS_KEY, search, pageNo],
    queryFn: () => fetchInvoiceableSettlements({ pageNo, pageSize, ...(search ? { settlementSn: search } : {}) }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;
  const full = value.length >= INVOICE_SETTLEMENTS_MAX;
  const amount = sumFen(value.map((id) => (chosen.has(id) ? yuanToFen(chosen.get(id)?.amount ?? '0') : 0)));
  return (
    <div className="invoice-settlement-picker">
      <Space className="invoice-picker-bar">
        <Input.Search
          allowClear
          placeholder="请输入结算单号"
          maxLength={INPUT_MAX_LENGTH.settlementSn}
          onSearch={(text) => {
            setSearch(text.trim());
            setPageNo(1);
          }}
          style={{ width: 260 }}
        />
        <Typography.Text type="secondary">
          已选 {value.length} 个结算单（最多{INVOICE_SETTLEMENTS_MAX}个），开票金额 {formatYuan(amount)}
        </Typography.Text>
      </Space>
      <Table<InvoiceSettlement>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} /> }}
        rowSelection={{
          selectedRowKeys: value,
          preserveSelectedRowKeys: true,
          // past the limit no further statement may be ticked; the chosen ones may be unticked
          getCheckboxProps: (row) => ({ disabled: full && !value.includes(row.id) }),
          onChange: (keys, rows) => {
            const ids = numericKeys(keys);
            setChosen((current) => {
              const next = new Map(current);
              for (const row of rows) if (row) next.set(row.id, row);
              return next;
            });
            onChange?.(ids);
          },
        }}
        pagination={
          total > pageSize
            ? { current: pageNo, pageSize, total, onChange: setPageNo, showSizeChanger: false, size: 'small' }
            : false
        }
        columns={[
          { key: 'settlementSn', dataIndex: 'settlementSn', title: '结算单号', width: 190 },
          { key: 'projectName', dataIndex: 'projectName', title: '项目名称', ellipsis: true },
          { key: 'visitTypeValue', dataIndex: 'visitTypeValue', title: '服务类型', width: 110 },
          {
            key: 'amount',
            dataIndex: 'amount',
            title: '结算金额(元)',
            width: 130,
            render: (text: string) => <span className="money">{yuan(text)}</span>,
          },
          {
            key: 'settlementTime',
            dataIndex: 'settlementTime',
            title: '结算时间',
            width: 170,
            render: (time: number | null) => chinaTime(time) ?? '-',
          },
        ]}
      />
    </div>
  );
}

export interface InvoiceApplyDialogProps {
  open: boolean;
  onClose(): void;
}

export function InvoiceApplyDialog({ open, onClose }: InvoiceApplyDialogProps) {
  const [form] = Form.useForm<ApplyForm>();
  const queryClient = useQueryClient();
  const [editingInfo, setEditingInfo] = useState(false);
  const info = useQuery({ queryKey: invoiceInfoKey(), queryFn: () => fetchInvoiceInfo(), enabled: open });
  const infoMissing = info.data !== undefined && info.data.createTime === null;
  const sendingType = Form.useWatch('invoiceSendingType', form);

  const submit = async (values: ApplyForm) => {
    if (!info.data || infoMissing) {
      notifier().warning(INVOICE_MSG.invoiceInfoMissing);
      return false;
    }
    const paper = values.invoiceSendingType === 1;
    const message = await applyInvoice({
      settlementIds: values.settlementIds,
      invoiceType: values.invoiceType as 1 | 2,
      invoiceCategory: values.invoiceCategory as InvoiceApplyBody['invoiceCategory'],
      invoiceSendingType: values.invoiceSendingType as 1 | 2,
      ...(paper
        ? {
            recipient: (values.recipient ?? '').trim(),
            recipientPhone: (values.recipientPhone ?? '').trim(),
            recipientAddress: (values.recipientAddress ?? '').trim(),
          }
        : { recipientEmail: (values.recipientEmail ?? '').trim() }),
      remarks: (values.remarks ?? '').trim(),
    });
    notifier().success(message || INVOICE_MSG.applied);
    await queryClient.invalidateQueries({ queryKey: INVOICE_KEY });
  };

  return (
    <>
      <FormDialog<ApplyForm>
        open={open}
        title="申请开票"
        width={DIALOG_WIDTH.large}
        okText="提交申请"
        form={form}
        onSubmit={submit}
        onClose={onClose}
        initialValues={{ settlementIds: [] }}
      >
        <Form.Item name="settlementIds" label="结算单" required rules={[bodyRule('settlementIds')]}>
          <SettlementPicker />
        </Form.Item>
        <Form.Item label="开票信息">
          {infoMissing ? (
            <Alert
              type="warning"
              showIcon
              title={INVOICE_MSG.invoiceInfoMissing}
              action={
                <Button size="small" type="primary" onClick={() => setEditingInfo(true)}>
                  编辑开票信息
                </Button>
              }
            />
          ) : info.data ? (
            <Descriptions
              size="small"
              bordered
              column={2}
              extra={
                <Button size="small" type="link" onClick={() => setEditingInfo(true)}>
                  编辑开票信息
                </Button>
              }
            >
              <Descriptions.Item label="发票抬头">{info.data.companyName}</Descriptions.Item>
              <Descriptions.Item label="税号">{info.data.taxNumber}</Descriptions.Item>
              <Descriptions.Item label="公司注册地址">{info.data.companyAddress}</Descriptions.Item>
              <Descriptions.Item label="公司电话">{info.data.companyPhone}</Descriptions.Item>
              <Descriptions.Item label="开户银行">{info.data.bankDeposit}</Descriptions.Item>
              <Descriptions.Item label="银行账号">{info.data.bankAccount}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">加载中…</Typography.Text>
          )}
        </Form.Item>
        <Form.Item name="invoiceType" label="发票类型" required rules={[bodyRule('invoiceType')]}>
          <Radio.Group options={optionsOf(INVOICE_TYPES)} />
        </Form.Item>
        <Form.Item name="invoiceCategory" label="开票类目" required rules={[bodyRule('invoiceCategory')]}>
          <Select
            placeholder="请选择开票类目"
            style={{ width: 320 }}
            options={INVOICE_CATEGORIES.map((category) => ({ value: category, label: category }))}
          />
        </Form.Item>
        <Form.Item name="invoiceSendingType" label="寄送方式" required rules={[bodyRule('invoiceSendingType')]}>
          <Radio.Group options={optionsOf(INVOICE_SENDING_TYPES)} />
        </Form.Item>
        {sendingType === 1 && (
          <>
            <Form.Item name="recipient" label="收件人" required rules={[bodyRule('recipient')]}>
              <Input placeholder="请输入收件人" maxLength={20} style={{ width: 320 }} />
            </Form.Item>
            <Form.Item name="recipientPhone" label="收件人电话" required rules={[bodyRule('recipientPhone')]}>
              <Input placeholder="请输入收件人电话" maxLength={11} inputMode="numeric" style={{ width: 320 }} />
            </Form.Item>
            <Form.Item name="recipientAddress" label="收件地址" required rules={[bodyRule('recipientAddress')]}>
              <Input placeholder="请输入收件地址" maxLength={100} />
            </Form.Item>
          </>
        )}
        {sendingType === 2 && (
          <Form.Item name="recipientEmail" label="收件邮箱" required rules={[bodyRule('recipientEmail')]}>
            <Input placeholder="请输入收件邮箱" maxLength={40} style={{ width: 320 }} />
          </Form.Item>
        )}
        <Form.Item name="remarks" label="备注" rules={[bodyRule('remarks')]}>
          <Input.TextArea placeholder="请输入备注" maxLength={200} showCount rows={3} />
        </Form.Item>
      </FormDialog>
      <InvoiceInfoDialog open={editingInfo} onClose={() => setEditingInfo(false)} />
    </>
  );
}
