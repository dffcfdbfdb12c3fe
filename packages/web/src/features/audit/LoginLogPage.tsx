/**
 * 登录日志 (platform operator, decision 0016): every sign-in attempt of both sides, when (China
 * time), from which address, with the result and the reason of a refusal, lock-outs with their
 * end. The login number is masked as stored; one account's attempts are found by its whole number.
 */
import { LoginOutlined } from '@ant-design/icons';
import {
  formatChinaDateTime,
  LOGIN_FAILURE_REASONS,
  LOGIN_RESULTS,
  LOGIN_SIDE_LABELS,
  type LoginLogRecord,
} from '@fieldpay/domain';
import { Card, Form, Input, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useAccess } from '../../app/use-access';
import { DateRangePicker, rangeToTimes } from '../../components/list/DateRangePicker';
import { chinaTimeColumn } from '../../components/list/china-time-column';
import { ListPage, plainCell } from '../../components/list/ListPage';
import { useLogExport } from './use-log-export';
import { exportLoginLog, fetchLoginLog, LOGIN_LOG_LIST_KEY } from './audit-calls';

interface LoginLogFilters {
  username?: string;
  realname?: string;
  side?: 'platform' | 'enterprise';
  result?: 'success' | 'failure' | 'locked';
  ip?: string;
  startTime?: string;
  endTime?: string;
}

const RESULT_COLORS: Record<string, string> = { success: 'success', failure: 'error', locked: 'warning' };

const labelOf = (labels: Record<string, string>, key: string) => (Object.hasOwn(labels, key) ? labels[key] : key);

const columns: ColumnsType<LoginLogRecord> = [
  chinaTimeColumn('createdAt', '登录时间'),
  { key: 'username', dataIndex: 'username', title: '登录账号', width: 130, render: plainCell },
  { key: 'realname', dataIndex: 'realname', title: '姓名', width: 110, ellipsis: true, render: plainCell },
  {
    key: 'side',
    dataIndex: 'side',
    title: '登录端',
    width: 80,
    render: (value: string) => labelOf(LOGIN_SIDE_LABELS, value),
  },
  {
    key: 'result',
    dataIndex: 'result',
    title: '结果',
    width: 80,
    render: (value: string) => <Tag color={RESULT_COLORS[value]}>{labelOf(LOGIN_RESULTS, value)}</Tag>,
  },
  {
    key: 'reason',
    title: '原因',
    width: 220,
    render: (_: unknown, row: LoginLogRecord) =>
      row.reason
        ? `${labelOf(LOGIN_FAILURE_REASONS, row.reason)}${
            row.lockedUntil ? `（至 ${formatChinaDateTime(row.lockedUntil)}）` : ''
          }`
        : plainCell(null),
  },
  { key: 'ip', dataIndex: 'ip', title: 'IP地址', width: 130, render: plainCell },
  {
    key: 'userAgent',
    dataIndex: 'userAgent',
    title: '浏览器',
    width: 220,
    render: (value: string) =>
      value ? (
        <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 200 }}>
          {value}
        </Typography.Text>
      ) : (
        plainCell(null)
      ),
  },
];

export default function LoginLogPage() {
  const canExport = useAccess().can('sysLoginLog:list:export');
  const { remember, exportButton } = useLogExport<LoginLogFilters>(canExport, exportLoginLog);
  return (
    <Card
      className="page-card"
      title={
        <span>
          <LoginOutlined /> 登录日志
        </span>
      }
    >
      <ListPage<LoginLogRecord, LoginLogFilters>
        queryKey={LOGIN_LOG_LIST_KEY}
        toolbar={exportButton}
        fetchPage={(request) => {
          const { pageNo, pageSize, ...filters } = request;
          remember(filters);
          return fetchLoginLog({ pageNo, pageSize, ...filters });
        }}
        rowKey="id"
        columns={columns}
        searchFields={
          <>
            <Form.Item name="username" label="登录账号">
              <Input allowClear placeholder="请输入完整的登录账号" maxLength={32} style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="realname" label="姓名">
              <Input allowClear placeholder="请输入姓名" maxLength={30} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="side" label="登录端">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 110 }}
                options={Object.entries(LOGIN_SIDE_LABELS).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item name="result" label="结果">
              <Select
                allowClear
                placeholder="全部"
                style={{ width: 100 }}
                options={Object.entries(LOGIN_RESULTS).map(([value, label]) => ({ value, label }))}
              />
            </Form.Item>
            <Form.Item name="ip" label="IP地址">
              <Input allowClear placeholder="请输入IP地址" maxLength={64} style={{ width: 150 }} />
            </Form.Item>
            <Form.Item name="time" label="登录时间">
              <DateRangePicker />
            </Form.Item>
          </>
        }
        toFilters={({ time, ...rest }) => ({
          username: rest.username as string | undefined,
          realname: rest.realname as string | undefined,
          side: rest.side as LoginLogFilters['side'],
          result: rest.result as LoginLogFilters['result'],
          ip: rest.ip as string | undefined,
          ...rangeToTimes(time as Parameters<typeof rangeToTimes>[0]),
        })}
      />
    </Card>
  );
}
