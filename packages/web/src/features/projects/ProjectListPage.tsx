/**
 * The project list (spec 1 §2): search by name, status and (platform side) client and platform;
 * columns per the user's layout, the end time only for an ended project; exports of the list and
 * of the persons serving on the listed projects (spec 1 §7 export calls). Personal data in the
 * person export is masked unless the user passed the desensitization check (spec 3 §4), which
 * holds for 30 minutes of this session.
 */
import { EyeInvisibleOutlined, EyeOutlined, FileExcelOutlined, ProjectOutlined, TeamOutlined } from '@ant-design/icons';
import {
  DATE_TIME_FORMAT,
  INPUT_MAX_LENGTH,
  PROJECT_PROCESSED,
  PROJECT_STATUS,
  PROJECT_STATUS_ENDED,
  type ProjectListFilters,
  type ProjectListRecord,
} from '@fieldpay/domain';
import { Button, Card, Form, Input, Select, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { submitExport } from '../../app/export-calls';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { dropUnmaskToken, useUnmaskToken } from '../../app/unmask-store';
import { DesensitizationDialog } from '../../components/DesensitizationDialog';
import { type CellRenderer, ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { fetchProjects, PROJECT_LIST_KEY } from './project-calls';

const STATUS_OPTIONS = Object.entries(PROJECT_STATUS).map(([value, info]) => ({
  value: Number(value),
  label: info.label,
}));
const FILTER_KEYS: readonly (keyof ProjectListFilters)[] = ['projectName', 'projectStatus', 'clientId', 'tenantId'];

const formatTime = (time: number | null) => (time === null ? null : dayjs(time).format(DATE_TIME_FORMAT));
const dash = <span className="list-empty-cell">-</span>;

/** The list's filters as an export takes them (no paging). */
function exportFilters(applied: ProjectListFilters): Record<string, unknown> {
  return Object.fromEntries(FILTER_KEYS.filter((key) => applied[key] !== undefined).map((key) => [key, applied[key]]));
}

export default function ProjectListPage() {
  const side = useSession((state) => state.side);
  const isOperator = useSession((state) => state.userInfo?.userIdentity === 1 && state.side === 'platform');
  const canExport = useAccess().can('projectManage:list:export');
  const unmask = useUnmaskToken();
  const [verifyOpen, setVerifyOpen] = useState(false);
  const [exporting, setExporting] = useState<'list' | 'persons' | null>(null);
  const applied = useRef<ProjectListFilters>({});

  const runExport = async (which: 'list' | 'persons') => {
    if (exporting) return;
    setExporting(which);
    try {
      const url = which === 'list' ? '/api/sys/project/exportList' : '/api/sys/project/exportPersons';
      await submitExport(url, exportFilters(applied.current), which === 'persons' ? unmask?.token : null);
    } catch {
      // the request layer has shown the server's message (a duplicate click is cancelled silently)
    } finally {
      setExporting(null);
    }
  };

  const renderers = useMemo<Partial<Record<string, CellRenderer<ProjectListRecord>>>>(
    () => ({
      projectStatus: (row) => <StatusTag dictionary={PROJECT_STATUS} value={row.projectStatus} />,
      processed: (row) => PROJECT_PROCESSED[row.processed === 1 ? 1 : 0],
      createTime: (row) => formatTime(row.createTime),
      // the end time only means something once the project has ended (spec 1 §2)
      endTime: (row) => (row.projectStatus === PROJECT_STATUS_ENDED ? (formatTime(row.endTime) ?? dash) : dash),
    }),
    [],
  );

  return (
    <Card
      className="page-card"
      title={
        <span>
          <ProjectOutlined /> 项目列表
        </span>
      }
    >
      <ListPage<ProjectListRecord, ProjectListFilters>
        serviceName="projectList"
        queryKey={PROJECT_LIST_KEY}
        fetchPage={(request) => {
          applied.current = request;
          return fetchProjects(request);
        }}
        rowKey="id"
        renderers={renderers}
        searchFields={
          <>
            <Form.Item name="projectName" label="项目名称">
              <Input allowClear placeholder="请输入项目名称" maxLength={INPUT_MAX_LENGTH.projectName} />
            </Form.Item>
            <Form.Item name="projectStatus" label="项目状态">
              <Select allowClear placeholder="全部状态" options={STATUS_OPTIONS} style={{ width: 140 }} />
            </Form.Item>
            {side === 'platform' && (
              <Form.Item name="clientId" label="客户">
                <RemoteSelect kind="enterprise" placeholder="请选择客户" style={{ width: 220 }} />
              </Form.Item>
            )}
            {isOperator && (
              <Form.Item name="tenantId" label="所属平台">
                <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
              </Form.Item>
            )}
          </>
        }
        toolbar={
          canExport && (
            <>
              <Button
                type="primary"
                icon={<FileExcelOutlined />}
                loading={exporting === 'list'}
                onClick={() => void runExport('list')}
              >
                导出项目
              </Button>
              <Button
                icon={<TeamOutlined />}
                loading={exporting === 'persons'}
                onClick={() => void runExport('persons')}
              >
                {unmask ? '导出人员（明文）' : '导出人员'}
              </Button>
              {unmask ? (
                <Tooltip title="点击恢复脱敏导出">
                  <Tag
                    color="orange"
                    icon={<EyeOutlined />}
                    className="unmask-tag"
                    onClick={dropUnmaskToken}
                    style={{ cursor: 'pointer' }}
                  >
                    明文导出有效至 {dayjs(unmask.expiresAt).format('HH:mm')}
                  </Tag>
                </Tooltip>
              ) : (
                <Button icon={<EyeInvisibleOutlined />} onClick={() => setVerifyOpen(true)}>
                  脱敏查看
                </Button>
              )}
            </>
          )
        }
      />
      <DesensitizationDialog open={verifyOpen} onClose={() => setVerifyOpen(false)} />
    </Card>
  );
}
