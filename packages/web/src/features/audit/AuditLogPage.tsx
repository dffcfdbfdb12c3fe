/**
 * 审计日志 (platform operator, decision 0013): who did what to which record and when (China time),
 * with the state before and after as the server stored it (personal data masked when written).
 * Filters: operator, action, record type and number, time range.
 */
import { AuditOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditRecord } from '@fieldpay/domain';
import { Card, Form, Input, Select, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useAccess } from '../../app/use-access';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { AUDIT_LIST_KEY, exportAudit, fetchAudit } from './audit-calls';
import { useLogExport } from './use-log-export';

interface AuditFilters {
  actorName?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  startTime?: string;
  endTime?: string;
}

const SIDE_LABELS: Record<string, string> = { platform: '平台端', enterprise: '企业端' };

/** A stored before/after value as short text: `key: value` pairs, or '-' for nothing. */
export function changeText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${key}: ${typeof item === 'object' ? JSON.stringify(item) : String(item)}`)
    .join('；');
}

const ChangeCell = ({ value }: { value: unknown }) => {
  const text = changeText(value);
  return text ? (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>
      {text}
    </Typography.Text>
  ) : (
    plainCell(null)
  );
};

const columns: ColumnsType<AuditRecord> = [
  chinaTimeColumn('createdAt', '操作时间'),
  { key: 'actorName', dataIndex: 'actorName', title: '操作人', width: 120, ellipsis: true, render: plainCell },
  {
    key: 'side',
    dataIndex: 'side',
    title: '端',
    width: 80,
    render: (value: string) => SIDE_LABELS[value] ?? plainCell(value),
  },
  {
    key: 'action',
    dataIndex: 'action',
    title: '操作',
    width: 110,
    render: (value: string) => AUDIT_ACTIONS[value] ?? value,
  },
  {
    key: 'target',
    title: '操作对象',
    width: 120,
    render: (_: unknown, row: AuditRecord) => `${AUDIT_TARGET_TYPES[row.targetType] ?? row.targetType} ${row.targetId}`,
  },
  {
    key: 'before',
    dataIndex: 'before',
    title: '变更前',
    width: 240,
    render: (value: unknown) => <ChangeCell value={value} />,
  },
  {
    key: 'after',
    dataIndex: 'after',
    title: '变更后',
    width: 240,
    render: (value: unknown) => <ChangeCell value={value} />,
  },
  { key: 'ip', dataIndex: 'ip', title: 'IP地址', width: 130, render: plainCell },
];

export default function AuditLogPage() {
  const canExport = useAccess().can('sysAudit:list:export');
  const { remember, exportButton } = useLogExport<AuditFilters>(canExport, exportAudit);
  return (
    <Card
      className="page-card"
      title={
        <span>
          <AuditOutlined /> 审计日志
        </span>
      }
    >
      <ListPage<AuditRecord, AuditFilters>
        queryKey={AUDIT_LIST_KEY}
        toolbar={exportButton}
        fetchPage={(request) => {
          remember({
            actorName: request.actorName,
            action: request.action,
            targetType: request.targetType,
            targetId: request.targetId,
            startTime: request.startTime,
            endTime: request.endTime,
          });
          return fetchAudit({
            pageNo: request.pageNo,
            pageSize: request.pageSize,
            actorName: request.actorName,
            action: request.action,
            targetType: request.targetType,
            targetId: request.targetId,
            startTime: request.startTime,
            endTime: request.endTime,
          });
        }}
        rowKey="id"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="actorName" label="操作人">
              <Input allowClear placeholder="请输入操作人" maxLength={30} />
            </Form.Item>
            <Form.Item name="action" label="操作">
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="全部操作"
                style={{ width: 160 }}
                options={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item name="targetType" label="对象类型">
              <Select
                allowClear
                placeholder="全部类型"
                style={{ width: 120 }}
                options={Object.entries(AUDIT_TARGET_TYPES).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item name="targetId" label="对象编号">
              <Input allowClear placeholder="请输入对象编号" maxLength={64} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="time" label="操作时间">
              <DateRangePicker />
            </Form.Item>
          </>
        }
        toFilters={({ time, ...rest }) => ({
          actorName: rest.actorName as string | undefined,
          action: rest.action as string | undefined,
          targetType: rest.targetType as string | undefined,
          targetId: rest.targetId as string | undefined,
          ...rangeToTimes(time as Parameters<typeof rangeToTimes>[0]),
        })}
      />
    </Card>
  );
}
