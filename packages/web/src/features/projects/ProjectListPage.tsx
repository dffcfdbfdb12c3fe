/**
 * The project list (spec 1 §2): search by name, status and (platform side) client and platform;
 * columns per the user's layout, the end time only for an ended project; exports of the list and
 * of the persons serving on the listed projects (spec 1 §7 export calls). Personal data in the
 * person export is masked unless the user passed the desensitization check (spec 3 §4), which
 * holds for 30 minutes of this session. The client's name opens the enterprise info view.
 *
 * `ProjectListView` is the list itself, also the crowdsourcing project list's (CrowdProjectListPage:
 * comeForm 1 the search page, 2 embedded for one enterprise; decision 0027).
 */
import {
  ArrowLeftOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FileExcelOutlined,
  PlusOutlined,
  ProjectOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  type ColumnLayoutServiceName,
  formatChinaDateTime,
  formatChinaHourMinute,
  INPUT_MAX_LENGTH,
  PROJECT_PROCESSED,
  PROJECT_STATUS,
  PROJECT_STATUS_ENDED,
  projectExportListOperation,
  projectExportPersonsOperation,
  type ProjectListFilters,
  type ProjectListRecord,
} from '@fieldpay/domain';
import { Button, Card, Form, Input, Select, Space, Tag, Tooltip } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { submitExport } from '../../app/export-calls';
import { useIsPlatformOperator, useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { dropUnmaskToken, useUnmaskToken } from '../../app/unmask-store';
import { DesensitizationDialog } from '../../components/DesensitizationDialog';
import { type CellRenderer, ListPage } from '../../components/list/ListPage';
import { StatusTag } from '../../components/list/StatusTag';
import { RemoteSelect } from '../../components/RemoteSelect';
import { enterpriseInfoPath } from '../enterprises/enterprise-calls';
import { PROJECT_DETAIL_PATH, PROJECT_SUMMARY_PATH } from './project-paths';
import { fetchPersonalProjects, fetchProjects, PROJECT_LIST_KEY } from './project-calls';
import './projects.css';

const PROJECT_CREATE_PATH = '/projectManage/project/create';

const STATUS_OPTIONS = Object.entries(PROJECT_STATUS).map(([value, info]) => ({
  value: Number(value),
  label: info.label,
}));
const FILTER_KEYS: readonly (keyof ProjectListFilters)[] = ['projectName', 'projectStatus', 'clientId', 'tenantId'];

const formatTime = (time: number | null) => (time === null ? null : formatChinaDateTime(time));
const dash = <span className="list-empty-cell">-</span>;

/** The list's filters as an export takes them (no paging). */
function exportFilters(applied: ProjectListFilters): ProjectListFilters {
  return Object.fromEntries(FILTER_KEYS.filter((key) => applied[key] !== undefined).map((key) => [key, applied[key]]));
}

export interface ProjectListViewProps {
  title: ReactNode;
  /** the column layout's key */
  serviceName?: ColumnLayoutServiceName;
  /** 1: the search page; 2: embedded for one enterprise (fixed client and platform, a back button) */
  comeForm?: 1 | 2;
  enterpriseId?: number;
  tenantId?: number;
  /** the create button (the person's project list of the enterprise side) */
  withCreate?: boolean;
  /** the projects of one natural person (the personal project list): no create, no exports, a back button */
  person?: { userId: number };
}

type ListFilters = ProjectListFilters & { userId?: number };

export function ProjectListView({
  title,
  serviceName = 'projectList',
  comeForm = 1,
  enterpriseId,
  tenantId,
  withCreate = true,
  person,
}: ProjectListViewProps) {
  const side = useSession((state) => state.side);
  const isOperator = useIsPlatformOperator();
  const access = useAccess();
  const canExport = person === undefined && access.can('projectManage:list:export');
  const canCreate = withCreate && person === undefined && side === 'enterprise' && access.can('projectManage:pro:add');
  const embedded = comeForm === 2 && enterpriseId !== undefined;
  const userId = person?.userId;
  const fixedFilters = useMemo<ListFilters>(
    () => ({
      ...(embedded ? { clientId: enterpriseId, ...(tenantId !== undefined ? { tenantId } : {}) } : {}),
      ...(userId !== undefined ? { userId } : {}),
    }),
    [embedded, enterpriseId, tenantId, userId],
  );
  const navigate = useNavigate();
  const unmask = useUnmaskToken();
  const [verifyOpen, setVerifyOpen] = useState(false);
  const [exporting, setExporting] = useState<'list' | 'persons' | null>(null);
  const applied = useRef<ProjectListFilters>({});

  const runExport = async (which: 'list' | 'persons') => {
    if (exporting) return;
    setExporting(which);
    try {
      const filters = exportFilters(applied.current);
      if (which === 'list') await submitExport(projectExportListOperation, filters);
      else await submitExport(projectExportPersonsOperation, filters, unmask?.token);
    } catch {
      // the request layer has shown the server's message (a duplicate click is cancelled silently)
    } finally {
      setExporting(null);
    }
  };

  const renderers = useMemo<Partial<Record<string, CellRenderer<ProjectListRecord>>>>(
    () => ({
      // the name opens the detail (spec 1 §2)
      projectName: (row) => (
        <Button type="link" className="list-link-cell" onClick={() => navigate(`${PROJECT_DETAIL_PATH}?id=${row.id}`)}>
          {row.projectName}
        </Button>
      ),
      // the client's name opens the enterprise info (spec 1 §2)
      clientName: (row) => (
        <Button
          type="link"
          className="list-link-cell"
          onClick={() => navigate(enterpriseInfoPath(row.clientId, row.tenantId))}
        >
          {row.clientName}
        </Button>
      ),
      // the enterprise side: its project's platform and the others it is also shown on (spec 1 §2)
      visiblePlatforms: (row) => [row.tenantName, ...row.otherTenantNames].join('、'),
      projectStatus: (row) => <StatusTag dictionary={PROJECT_STATUS} value={row.projectStatus} />,
      processed: (row) => PROJECT_PROCESSED[row.processed === 1 ? 1 : 0],
      createTime: (row) => formatTime(row.createTime),
      // the end time only means something once the project has ended (spec 1 §2)
      endTime: (row) => (row.projectStatus === PROJECT_STATUS_ENDED ? (formatTime(row.endTime) ?? dash) : dash),
    }),
    [navigate],
  );

  return (
    <Card
      className="page-card"
      title={
        <Space>
          {(embedded || person) && (
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} aria-label="返回">
              返回
            </Button>
          )}
          <span>
            <ProjectOutlined /> {title}
          </span>
        </Space>
      }
    >
      <ListPage<ProjectListRecord, ListFilters>
        serviceName={serviceName}
        queryKey={[...PROJECT_LIST_KEY, fixedFilters]}
        fixedFilters={fixedFilters}
        fetchPage={({ userId: personId, ...request }) => {
          applied.current = request;
          return personId === undefined
            ? fetchProjects(request)
            : fetchPersonalProjects({ ...request, userId: personId });
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
            {side === 'platform' && !embedded && (
              <Form.Item name="clientId" label="客户">
                <RemoteSelect kind="enterprise" placeholder="请选择客户" style={{ width: 220 }} />
              </Form.Item>
            )}
            {isOperator && !embedded && (
              <Form.Item name="tenantId" label="所属平台">
                <RemoteSelect kind="tenant" placeholder="全部平台" style={{ width: 200 }} />
              </Form.Item>
            )}
          </>
        }
        actionColumn={{
          title: '操作',
          key: 'actions',
          fixed: 'right',
          width: 150,
          render: (_value, row) => (
            <span className="list-actions">
              <Button type="link" size="small" onClick={() => navigate(`${PROJECT_DETAIL_PATH}?id=${row.id}`)}>
                详情
              </Button>
              <Button type="link" size="small" onClick={() => navigate(`${PROJECT_SUMMARY_PATH}?id=${row.id}`)}>
                项目汇总
              </Button>
            </span>
          ),
        }}
        toolbar={
          (canCreate || canExport) && (
            <>
              {canCreate && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PROJECT_CREATE_PATH)}>
                  新建项目
                </Button>
              )}
              {canExport && (
                <>
                  <Button
                    type={canCreate ? 'default' : 'primary'}
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
                        明文导出有效至 {formatChinaHourMinute(unmask.expiresAt)}
                      </Tag>
                    </Tooltip>
                  ) : (
                    <Button icon={<EyeInvisibleOutlined />} onClick={() => setVerifyOpen(true)}>
                      脱敏查看
                    </Button>
                  )}
                </>
              )}
            </>
          )
        }
      />
      <DesensitizationDialog open={verifyOpen} onClose={() => setVerifyOpen(false)} />
    </Card>
  );
}

export default function ProjectListPage() {
  const [params] = useSearchParams();
  const userId = Number(params.get('userId'));
  if (Number.isInteger(userId) && userId > 0)
    return (
      <ProjectListView
        key={userId}
        title={`${params.get('userName') || '自然人'}的项目`}
        serviceName="projectList"
        person={{ userId }}
      />
    );
  return <ProjectListView title="项目列表" />;
}
