/**
 * 状态更新 / 编辑状态信息 (spec 2 §4, §5; spec 3 §5 "Invoice status update"): the platform records the
 * issue time, the invoice numbers (as many as the configuration value invoice.number allows,
 * 发票号码添加上限为N个), the express numbers of a paper invoice (at most 10) and the invoice files
 * (uploaded under the invoice first, at most 50; the update sends their addresses). Editing starts
 * from what the invoice holds.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DATE_TIME_FORMAT,
  EXPRESS_NUMBERS,
  expressNumbersSchema,
  formatChinaDateTime,
  INPUT_MAX_LENGTH,
  INVOICE_BIZ_TYPE,
  INVOICE_MSG,
  INVOICE_NUMBER_CONFIG_KEY,
  INVOICE_SENDER_ACTION_LABELS,
  INVOICE_SENDING_TYPES,
  INVOICE_UPLOAD_PATH,
  type InvoiceDetail,
  invoiceNumbersSchema,
  MSG,
  UPLOAD,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, type FormRule, Input, Result, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { notifier } from '../../app/notify';
import { configValue, configValueKey } from '../../app/shell-calls';
import { FormDialog } from '../../components/FormDialog';
import { zodRule } from '../../components/zod-rule';
import { type AttachmentItem, activeItems } from '../../components/upload/attachment-item';
import { AttachmentUpload } from '../../components/upload/AttachmentUpload';
import { fetchInvoiceDetail, INVOICE_KEY, invoiceDetailKey, updateInvoiceStatus } from './invoice-calls';

/** How many invoice numbers an invoice takes when invoice.number is not configured. */
export const DEFAULT_INVOICE_NUMBER_MAX = 10;

/** The configuration value invoice.number: the most invoice numbers one invoice takes. */
export function useInvoiceNumberMax(): number {
  const config = useQuery({
    queryKey: configValueKey(INVOICE_NUMBER_CONFIG_KEY),
    queryFn: () => configValue(INVOICE_NUMBER_CONFIG_KEY),
    staleTime: 5 * 60_000,
  });
  const value = Number(config.data?.content);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_INVOICE_NUMBER_MAX;
}

export type InvoiceStatusMode = 'update' | 'edit';

interface StatusForm {
  invoiceTime?: Dayjs;
  invoiceNumbers: string[];
  expressNumbers: string[];
  files: AttachmentItem[];
}

const numbersOf = (detail: InvoiceDetail, type: number) =>
  detail.bizSn.filter((entry) => entry.type === type).map((entry) => entry.bizSn);

/** The form of an invoice: empty for an update, what it holds for an edit; one number row at least. */
function formValuesOf(detail: InvoiceDetail, mode: InvoiceStatusMode): StatusForm {
  if (mode === 'update') return { invoiceNumbers: [''], expressNumbers: [''], files: [] };
  const invoiceNumbers = numbersOf(detail, INVOICE_BIZ_TYPE.invoiceNumber);
  const expressNumbers = numbersOf(detail, INVOICE_BIZ_TYPE.expressNumber);
  return {
    // the picker shows and sends China wall time
    invoiceTime: detail.invoiceTime === null ? undefined : dayjs(formatChinaDateTime(detail.invoiceTime)),
    invoiceNumbers: invoiceNumbers.length > 0 ? invoiceNumbers : [''],
    expressNumbers: expressNumbers.length > 0 ? expressNumbers : [''],
    files: detail.picAddress.map((file) => ({
      name: file.name,
      address: file.address,
      fileType: file.fileType,
      delFlag: 0,
    })),
  };
}

/** A number's rule: the domain's, on the number as it is sent (trimmed). */
const trimmedRule = (schema: Parameters<typeof zodRule>[0]) =>
  zodRule({ safeParse: (value: unknown) => schema.safeParse(typeof value === 'string' ? value.trim() : value) });

/** A whole-list rule: the count and required-ness of a number list (each number has its own rule). */
interface ListRule {
  validator(rule: unknown, values: string[] | undefined): Promise<void>;
}
const listRule = (check: (values: string[]) => string | null): ListRule => ({
  validator: (_, values) => {
    const problem = check(values ?? []);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

/** A list of numbers with 添加 (refused past `max` with `limitMessage`), and 删除 while it holds more than one. */
function NumberList({
  name,
  label,
  placeholder,
  maxLength,
  max,
  limitMessage,
  itemRule,
  rules,
}: {
  name: 'invoiceNumbers' | 'expressNumbers';
  label: string;
  placeholder: string;
  maxLength: number;
  max: number;
  limitMessage: string;
  itemRule: FormRule;
  rules: ListRule[];
}) {
  return (
    <Form.List name={name} rules={rules}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label={label} required>
          {fields.map((item, index) => (
            <Space key={item.key} align="baseline" className="invoice-number-row">
              <Form.Item name={item.name} validateTrigger={['onChange', 'onBlur']} rules={[itemRule]}>
                <Input
                  placeholder={placeholder}
                  maxLength={maxLength}
                  aria-label={`${label}${index + 1}`}
                  style={{ width: 320 }}
                />
              </Form.Item>
              {fields.length > 1 && (
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`删除${label}${index + 1}`}
                  onClick={() => remove(item.name)}
                />
              )}
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => {
              if (fields.length >= max) {
                notifier().warning(limitMessage);
                return;
              }
              add('');
            }}
          >
            添加{label}
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}

export interface InvoiceStatusDialogProps {
  /** the invoice to update; null when closed */
  invoiceId: number | null;
  mode: InvoiceStatusMode;
  onClose(): void;
}

export function InvoiceStatusDialog({ invoiceId, mode, onClose }: InvoiceStatusDialogProps) {
  const [form] = Form.useForm<StatusForm>();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const numberMax = useInvoiceNumberMax();
  const open = invoiceId !== null;
  const detailQuery = useQuery({
    queryKey: invoiceDetailKey(invoiceId ?? 0),
    queryFn: () => fetchInvoiceDetail(invoiceId as number),
    enabled: open,
    retry: false,
  });
  const detail = detailQuery.data;
  const paper = detail?.invoiceSendingType === 1;
  // fill the form once per opening: a background reload must not undo what is being typed
  const [filledFor, setFilledFor] = useState<number | null>(null);
  useEffect(() => {
    if (!open) setFilledFor(null);
    else if (detail && filledFor !== detail.id) {
      form.setFieldsValue(formValuesOf(detail, mode));
      setFilledFor(detail.id);
    }
  }, [open, detail, mode, form, filledFor]);

  const submit = async (values: StatusForm) => {
    if (!detail || invoiceId === null) return false;
    if (uploading) {
      notifier().warning(MSG.uploadInProgress);
      return false;
    }
    const message = await updateInvoiceStatus({
      invoiceId,
      invoiceTime: (values.invoiceTime as Dayjs).format(DATE_TIME_FORMAT),
      bizSnJson: values.invoiceNumbers.map((number) => number.trim()),
      expressJson: paper ? values.expressNumbers.map((number) => number.trim()) : [],
      picListJson: activeItems(values.files).map((file) => file.address),
    });
    notifier().success(message || INVOICE_MSG.statusUpdated);
    await queryClient.invalidateQueries({ queryKey: INVOICE_KEY });
  };

  const invoiceNumberRules = invoiceNumbersSchema(numberMax);
  let body: ReactNode;
  if (detailQuery.isError) {
    body = <Result status="404" title={INVOICE_MSG.notFound} />;
  } else if (!detail || filledFor !== detail.id) {
    body = <Spin className="page-spin" />;
  } else {
    body = (
      <>
        <Form.Item label="寄送方式">{INVOICE_SENDING_TYPES[detail.invoiceSendingType as 1 | 2] ?? '-'}</Form.Item>
        <Form.Item
          name="invoiceTime"
          label="开票时间"
          rules={[{ required: true, message: INVOICE_MSG.invoiceTimeRequired }]}
        >
          <DatePicker showTime format={DATE_TIME_FORMAT} placeholder="请选择开票时间" style={{ width: 320 }} />
        </Form.Item>
        <NumberList
          name="invoiceNumbers"
          label="发票号码"
          placeholder="请输入发票号码"
          maxLength={INPUT_MAX_LENGTH.invoiceNumber}
          max={numberMax}
          limitMessage={MSG.invoiceNumberLimit(numberMax)}
          itemRule={trimmedRule(invoiceNumberRules.element)}
          rules={[
            listRule((numbers) => {
              if (numbers.length === 0) return INVOICE_MSG.invoiceNumbersRequired;
              return numbers.length > numberMax ? MSG.invoiceNumberLimit(numberMax) : null;
            }),
          ]}
        />
        {paper && (
          <NumberList
            name="expressNumbers"
            label="快递号码"
            placeholder="请输入快递号码"
            maxLength={INPUT_MAX_LENGTH.expressNumber}
            max={EXPRESS_NUMBERS.maxCount}
            limitMessage={MSG.expressNumberLimit(EXPRESS_NUMBERS.maxCount)}
            itemRule={trimmedRule(expressNumbersSchema.element)}
            rules={[
              listRule((numbers) => {
                if (numbers.length === 0) return INVOICE_MSG.expressNumbersRequired;
                return numbers.length > EXPRESS_NUMBERS.maxCount
                  ? MSG.expressNumberLimit(EXPRESS_NUMBERS.maxCount)
                  : null;
              }),
            ]}
          />
        )}
        <Form.Item name="files" label="发票文件">
          <AttachmentUpload
            page="invoice"
            maxCount={UPLOAD.invoiceFilesMax}
            uploadPath={INVOICE_UPLOAD_PATH}
            recordId={String(detail.id)}
            buttonText="上传发票文件"
            onBusyChange={setUploading}
          />
        </Form.Item>
      </>
    );
  }

  return (
    <FormDialog<StatusForm>
      open={open}
      title={INVOICE_SENDER_ACTION_LABELS[mode === 'update' ? 1 : 2]}
      width={640}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      {body}
    </FormDialog>
  );
}
