/**
 * The tax-source picker (spec 1 §2, §5; spec 2 §2.7, §5): 400 wide, titled 请选择税源地, a lookup
 * box of at most 30 characters over the tax-source lookup (paged by 20, more on scroll, late
 * answers of an older search ignored), cancel and confirm; confirming with nothing chosen warns
 * 请选择税源地.
 */
import { SearchOutlined } from '@ant-design/icons';
import { DIALOG_WIDTH, INPUT_MAX_LENGTH, MSG, PAGE_SIZE } from '@fieldpay/domain';
import { Button, Empty, Input, Modal, Radio, Spin } from 'antd';
import { type UIEvent, useCallback, useEffect, useRef, useState } from 'react';
import { notifier } from '../../app/notify';
import { searchTaxSources, type TaxSource } from './tax-source-calls';
import './list.css';

/** Typing pauses this long before a search is sent. */
export const TAX_SEARCH_DEBOUNCE_MS = 300;

export interface TaxSourcePickerDialogProps {
  open: boolean;
  /** the tenant whose tax sources are offered */
  tenantId?: number;
  /** the tax source chosen before, shown selected */
  value?: TaxSource | null;
  onCancel(): void;
  onConfirm(taxSource: TaxSource): void;
}

export function TaxSourcePickerDialog({ open, tenantId, value, onCancel, onConfirm }: TaxSourcePickerDialogProps) {
  const [keyword, setKeyword] = useState('');
  const [records, setRecords] = useState<TaxSource[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNo, setPageNo] = useState(1);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<TaxSource | null>(value ?? null);
  /** number of the latest search; answers of older ones are dropped */
  const latest = useRef(0);

  const load = useCallback(
    async (taxName: string, page: number) => {
      const ticket = ++latest.current;
      setLoading(true);
      try {
        const answer = await searchTaxSources({
          tenantId,
          taxName: taxName.trim() || undefined,
          pageNo: page,
          pageSize: PAGE_SIZE.remoteSelect,
        });
        if (ticket !== latest.current) return;
        setRecords((current) => (page === 1 ? answer.records : [...current, ...answer.records]));
        setTotal(answer.total);
        setPageNo(page);
      } catch {
        // the lookup is silent; an empty list says there is nothing to choose
        if (ticket === latest.current && page === 1) {
          setRecords([]);
          setTotal(0);
        }
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    },
    [tenantId],
  );

  useEffect(() => {
    if (!open) return;
    setChosen(value ?? null);
  }, [open, value]);

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void load(keyword, 1), TAX_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, keyword, load]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    const nearBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 24;
    if (nearBottom && !loading && records.length < total) void load(keyword, pageNo + 1);
  };

  const confirm = () => {
    if (!chosen) {
      notifier().warning(MSG.taxSourceRequired);
      return;
    }
    onConfirm(chosen);
  };

  return (
    <Modal
      open={open}
      title={MSG.taxSourceRequired}
      width={DIALOG_WIDTH.taxSourcePicker}
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" onClick={confirm}>
          确定
        </Button>,
      ]}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="请输入税源地名称"
        aria-label="税源地名称"
        maxLength={INPUT_MAX_LENGTH.taxSource}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <div className="tax-source-results" onScroll={onScroll} data-testid="tax-source-results">
        {records.length === 0 && !loading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} />
        ) : (
          <Radio.Group
            value={chosen?.id}
            onChange={(event) => setChosen(records.find((record) => record.id === event.target.value) ?? null)}
            style={{ width: '100%' }}
          >
            {records.map((record) => (
              <Radio key={record.id} value={record.id} className="tax-source-option">
                {record.taxName}
              </Radio>
            ))}
          </Radio.Group>
        )}
        {loading && (
          <div className="tax-source-more">
            <Spin size="small" />
          </div>
        )}
        {!loading && records.length > 0 && records.length >= total && <div className="tax-source-more">已全部加载</div>}
      </div>
    </Modal>
  );
}
