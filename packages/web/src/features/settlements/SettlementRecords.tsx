/**
 * The per-person records inside a settlement (spec 2 §2.4, §4): filters by name and status, the
 * download (settlement:Infor:download, off while there are no rows), tax columns when taxModel is 1,
 * and per line 详情, 结算凭证 (paid lines), 重新发放 (a failed line, platform side; a 450 px dialog
 * showing payee, bank, account and amount) and 结算过程 (the bank instructions, 980 px).
 */
import { DownloadOutlined } from '@ant-design/icons';
import {
  DIALOG_WIDTH,
  lineTaxesShown,
  SETTLEMENT_RECORD_FILTER_EXCLUDED,
  SETTLEMENT_RECORD_PAY_STATUS,
  type SettlementLine,
  type SettlementProcessEntry,
  type SettlementRecord,
  settlementProcessStatus,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, Input, Modal, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { useUnmaskToken } from '../../app/unmask-store';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { PersonSettlementsDialog } from './PersonSettlementsDialog';
import { StatusTag } from '../../components/list/StatusTag';
import {
  fetchReissueInfo,
  fetchSettlementProcess,
  fetchSettlementRecords,
  reissueLine,
  SETTLEMENT_KEY,
  settlementRecordsKey,
} from './settlement-calls';
import { exportSettlementRecords } from './settlement-documents-calls';
import { chinaTime, yuan } from './settlement-format';
import { VoucherDialog } from './VoucherDialog';

type SettlementFacts = Pick<SettlementRecord, 'id' | 'settlementSn' | 'taxModel' | 'sourceType' | 'bankNo'>;

const STATUS_OPTIONS = Object.entries(SETTLEMENT_RECORD_PAY_STATUS)
  .filter(([value]) => !SETTLEMENT_RECORD_FILTER_EXCLUDED.includes(Number(value)))
  .map(([value, info]) => ({ value: Number(value), label: info.label }));

const money = (text: string) => <span className="money">{yuan(text)}</span>;
/** Tax figures mean nothing for a line never sent or not payable (spec 2 §4). */
const taxCell = (value: string, line: SettlementLine) =>
  lineTaxesShown(line.thirdPayStatus) ? money(value) : plainCell(null);

/** The tax columns of a settlement with taxModel 1 (spec 2 §3). */
export function taxColumns<Row extends SettlementLine>(): ColumnsType<Row> {
  return (
    [
      ['totalTaxAmount', '税费合计(元)'],
      ['individualIncomeTax', '个人所得税(元)'],
      ['valueAddedTax', '增值税(元)'],
      ['surchargeTax', '附加税(元)'],
      ['receivedAmount', '实收金额(元)'],
    ] as const
  ).map(([key, title]) => ({
    key,
    dataIndex: key,
    title,
    width: 120,
    render: (value: string, line: Row) => taxCell(value, line),
  }));
}

function ReissueDialog({
  line,
  onClose,
  onReissued,
}: {
  line: SettlementLine | null;
  onClose(): void;
  onReissued(id: number): void;
}) {
  const [busy, setBusy] = useState(false);
  const info = useQuery({
    queryKey: ['settlements', 'reissueInfo', line?.id],
    queryFn: () => fetchReissueInfo(line?.id ?? 0),
    enabled: line !== null,
  });
  const submit = async () => {
    if (!line || busy) return;
    setBusy(true);
    try {
      notifier().success(await reissueLine(line.id));
      onReissued(line.id);
      onClose();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={line !== null}
      title="重新发放"
      width={DIALOG_WIDTH.reissue}
      okText="确认发放"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: !info.data }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" className="reissue-facts">
        <Descriptions.Item label="收款人">{info.data?.userName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="收款银行">{info.data?.bankName || '-'}</Descriptions.Item>
        <Descriptions.Item label="收款账号">{info.data?.bankCard || '-'}</Descriptions.Item>
        <Descriptions.Item label="发放金额">{info.data ? yuan(info.data.amount) : '-'}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

const processColumns: ColumnsType<SettlementProcessEntry> = [
  { key: 'payTime', dataIndex: 'payTime', title: '结算时间', width: 170, render: (value: number) => chinaTime(value) },
  {
    key: 'payStatus',
    dataIndex: 'payStatus',
    title: '结算状态',
    width: 100,
    render: (value: string) => {
      const info = settlementProcessStatus(value);
      return <Tag color={info.color}>{info.label}</Tag>;
    },
  },
  { key: 'bankName', dataIndex: 'bankName', title: '收款银行', width: 150, render: plainCell },
  { key: 'accountNo', dataIndex: 'accountNo', title: '银行卡号', width: 190, render: plainCell },
  { key: 'yurref', dataIndex: 'yurref', title: '业务参考号', width: 200, render: plainCell },
  { key: 'msg', dataIndex: 'msg', title: '失败原因', ellipsis: true, render: plainCell },
];

function ProcessDialog({
  line,
  bankNo,
  onClose,
}: {
  line: SettlementLine | null;
  /** the settlement's paying bank: its instructions went through it */
  bankNo: string | null;
  onClose(): void;
}) {
  const entries = useQuery({
    queryKey: ['settlements', 'process', line?.id, bankNo],
    queryFn: () => fetchSettlementProcess(line?.id ?? 0, bankNo),
    enabled: line !== null,
  });
  return (
    <Modal
      open={line !== null}
      title={line ? `结算过程 - ${line.userName}` : '结算过程'}
      width={DIALOG_WIDTH.settlementProcess}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<SettlementProcessEntry>
        rowKey="id"
        size="small"
        columns={processColumns}
        dataSource={entries.data ?? []}
        loading={entries.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
      />
    </Modal>
  );
}

function LineDialog({ line, taxModel, onClose }: { line: SettlementLine | null; taxModel: number; onClose(): void }) {
  return (
    <Modal
      open={line !== null}
      title="结算明细详情"
      width={DIALOG_WIDTH.small + 120}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {line && (
        <Descriptions column={2} size="small">
          <Descriptions.Item label="姓名">{line.userName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{line.phone}</Descriptions.Item>
          <Descriptions.Item label="身份证号">{plainCell(line.idCard)}</Descriptions.Item>
          <Descriptions.Item label="子订单号">{line.subOrderNum}</Descriptions.Item>
          <Descriptions.Item label="收款银行">{plainCell(line.bankName)}</Descriptions.Item>
          <Descriptions.Item label="银行卡号">{plainCell(line.accountNo)}</Descriptions.Item>
          <Descriptions.Item label="结算金额">{yuan(line.amount)}</Descriptions.Item>
          <Descriptions.Item label="任务数">{line.totalTask}</Descriptions.Item>
          {taxModel === 1 && (
            <>
              <Descriptions.Item label="税费合计">{taxCell(line.totalTaxAmount, line)}</Descriptions.Item>
              <Descriptions.Item label="实收金额">{taxCell(line.receivedAmount, line)}</Descriptions.Item>
            </>
          )}
          <Descriptions.Item label="结算状态">
            <StatusTag dictionary={SETTLEMENT_RECORD_PAY_STATUS} value={line.payStatus} />
          </Descriptions.Item>
          <Descriptions.Item label="结算时间">{plainCell(chinaTime(line.payTime))}</Descriptions.Item>
          <Descriptions.Item label="失败原因" span={2}>
            {plainCell(line.thirdResponseMsg)}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

type Dialog = { kind: 'detail' | 'voucher' | 'reissue' | 'process'; line: SettlementLine } | null;

export function SettlementRecords({ settlement }: { settlement: SettlementFacts }) {
  const side = useSession((state) => state.side);
  const { can } = useAccess();
  const unmask = useUnmaskToken();
  const queryClient = useQueryClient();
  const [total, setTotal] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reissued, setReissued] = useState<number[]>([]);
  const [exporting, setExporting] = useState(false);
  const [person, setPerson] = useState<{ userId: number; userName: string } | null>(null);
  const madeHere = settlement.sourceType === 1;
  const canReissue = side === 'platform' && madeHere && can('settlement:record:reissue');

  const download = async () => {
    if (exporting) return;
    setExporting(true);
    try {
      await exportSettlementRecords(settlement.id, unmask?.token);
    } catch {
      // shown by the request layer
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<SettlementLine> = [
    {
      key: 'userName',
      dataIndex: 'userName',
      title: '姓名',
      width: 100,
      // the person's paid lines across settlements
      render: (value: string, line) => (
        <Button
          type="link"
          className="list-link-cell"
          onClick={() => setPerson({ userId: line.userId, userName: value })}
        >
          {value}
        </Button>
      ),
    },
    { key: 'phone', dataIndex: 'phone', title: '手机号', width: 120 },
    { key: 'idCard', dataIndex: 'idCard', title: '身份证号', width: 180, render: plainCell },
    { key: 'bankName', dataIndex: 'bankName', title: '收款银行', width: 140, ellipsis: true, render: plainCell },
    { key: 'accountNo', dataIndex: 'accountNo', title: '银行卡号', width: 180, render: plainCell },
    { key: 'amount', dataIndex: 'amount', title: '结算金额(元)', width: 120, render: money },
    ...(settlement.taxModel === 1 ? taxColumns<SettlementLine>() : []),
    { key: 'totalTask', dataIndex: 'totalTask', title: '任务数', width: 80 },
    {
      key: 'payStatus',
      dataIndex: 'payStatus',
      title: '结算状态',
      width: 100,
      render: (value: number) => <StatusTag dictionary={SETTLEMENT_RECORD_PAY_STATUS} value={value} />,
    },
    {
      key: 'payTime',
      dataIndex: 'payTime',
      title: '结算时间',
      width: 170,
      render: (value: number | null) => plainCell(chinaTime(value)),
    },
    {
      key: 'thirdResponseMsg',
      dataIndex: 'thirdResponseMsg',
      title: '失败原因',
      width: 200,
      ellipsis: true,
      render: plainCell,
    },
  ];

  return (
    <>
      <ListPage<SettlementLine, { userName?: string; payStatus?: number }>
        queryKey={settlementRecordsKey(settlement.id)}
        fetchPage={async (request) => {
          const answer = await fetchSettlementRecords({ ...request, settlementId: settlement.id });
          setTotal(answer.total);
          return answer;
        }}
        rowKey="id"
        columns={columns}
        listType={2}
        defaultPageSize={10}
        searchFields={
          <>
            <Form.Item name="userName" label="姓名">
              <Input allowClear placeholder="请输入姓名" maxLength={32} />
            </Form.Item>
            <Form.Item name="payStatus" label="结算状态">
              <Select allowClear placeholder="全部" style={{ width: 140 }} options={STATUS_OPTIONS} />
            </Form.Item>
          </>
        }
        toolbar={
          can('settlement:Infor:download') ? (
            <Button
              icon={<DownloadOutlined />}
              disabled={total === 0}
              loading={exporting}
              onClick={() => void download()}
            >
              下载
            </Button>
          ) : undefined
        }
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 250,
          render: (_value, line) => (
            <span className="list-actions">
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'detail', line })}>
                详情
              </Button>
              {line.payStatus === 1 && (
                <Button type="link" size="small" onClick={() => setDialog({ kind: 'voucher', line })}>
                  结算凭证
                </Button>
              )}
              {canReissue && (line.payStatus === 2 || line.payStatus === 3) && (
                <Button
                  type="link"
                  size="small"
                  disabled={reissued.includes(line.id)}
                  onClick={() => setDialog({ kind: 'reissue', line })}
                >
                  重新发放
                </Button>
              )}
              {madeHere && line.payProcessed === 1 && (
                <Button type="link" size="small" onClick={() => setDialog({ kind: 'process', line })}>
                  结算过程
                </Button>
              )}
            </span>
          ),
        }}
      />
      <LineDialog
        line={dialog?.kind === 'detail' ? dialog.line : null}
        taxModel={settlement.taxModel}
        onClose={() => setDialog(null)}
      />
      <VoucherDialog
        open={dialog?.kind === 'voucher'}
        settlement={settlement}
        line={dialog?.kind === 'voucher' ? dialog.line : undefined}
        onClose={() => setDialog(null)}
      />
      <ReissueDialog
        line={dialog?.kind === 'reissue' ? dialog.line : null}
        onClose={() => setDialog(null)}
        onReissued={(id) => {
          setReissued((ids) => [...ids, id]);
          void queryClient.invalidateQueries({ queryKey: SETTLEMENT_KEY });
        }}
      />
      <ProcessDialog
        line={dialog?.kind === 'process' ? dialog.line : null}
        bankNo={settlement.bankNo}
        onClose={() => setDialog(null)}
      />
      <PersonSettlementsDialog person={person} onClose={() => setPerson(null)} />
    </>
  );
}
