/**
 * The project summary (spec 1 §2, spec 2 §3): agreement info, project info, settlement info and
 * invoice info. Counts link to their drill-downs only when above 0. A drill-down (?pageType=, the
 * spec's page types) shows the project header with an expand/collapse toggle above its list: the
 * settlement list of the project (3), the project's persons (4) or the invoices holding the project's
 * statements (5). The drill-down is in the address, so the browser's back button and a reload keep it.
 */
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { ApiCode, PROJECT_STATUS, type ProjectSummary } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Empty, Result, Row, Space, Spin, Statistic, Table } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PersonalAgreementList } from '../agreements/PersonalAgreementListPage';
import { BackButton } from '../../components/DetailStates';
import { ApiError } from '../../api/http';
import { useAccess } from '../../app/use-access';
import { StatusTag } from '../../components/list/StatusTag';
import InvoiceListPage from '../invoices/InvoiceListPage';
import SettlementListPage from '../settlements/SettlementListPage';
import { ProjectNotFound } from './ProjectDetailPage';
import { TASK_LIST_PATH } from '../tasks/task-paths';
import { PROJECT_DETAIL_PATH, personalProjectsPath } from './project-paths';
import { EMPTY_TEXT } from './ProjectBlocks';
import { fetchProjectPersons, fetchProjectSummary, projectPersonsKey, projectSummaryKey } from './project-calls';
import './projects.css';

/** A figure of a block: plain at 0, a link above (spec 1 §2 "counts are links when above 0"). */
function Figure({ title, value, onOpen }: { title: string; value: number | string; onOpen?: () => void }) {
  const positive = typeof value === 'number' ? value > 0 : Number(value) > 0;
  return (
    <div className="summary-figure">
      <div className="summary-figure-title">{title}</div>
      {positive && onOpen ? (
        <Button type="link" className="summary-figure-value" onClick={onOpen}>
          {value}
        </Button>
      ) : (
        <div className="summary-figure-value">{value}</div>
      )}
    </div>
  );
}

function Block({
  title,
  extra,
  empty,
  children,
}: {
  title: string;
  extra?: ReactNode;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="summary-block" title={title} extra={extra}>
      {children}
      {empty && <Empty className="summary-empty" description={EMPTY_TEXT} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
    </Card>
  );
}

/** The task list of one project (decision 0017). */
const PERSON_PAGE_SIZE = 10;

/**
 * The spec's drill-down page types: the project's person agreements (协议信息's 查看全部), its settlement
 * list, its person list and its invoices.
 */
const DRILL = { agreements: '2', settlements: '3', persons: '4', invoices: '5' } as const;
type Drill = (typeof DRILL)[keyof typeof DRILL];
const drillOf = (value: string | null): Drill | null =>
  (Object.values(DRILL) as string[]).includes(value ?? '') ? (value as Drill) : null;

/** Drill-down 4 (spec 1 §2, spec 2 §2.4): the persons who worked on the project, masked. */
function ProjectPersons({ projectId }: { projectId: number }) {
  const navigate = useNavigate();
  const [pageNo, setPageNo] = useState(1);
  const persons = useQuery({
    queryKey: projectPersonsKey(projectId, pageNo),
    queryFn: () => fetchProjectPersons(projectId, pageNo, PERSON_PAGE_SIZE),
  });
  const total = persons.data?.total ?? 0;
  return (
    <Card className="summary-block" title="项目人员">
      <Table
        rowKey="userId"
        size="middle"
        loading={persons.isPending}
        dataSource={persons.data?.records ?? []}
        locale={{ emptyText: <Empty description={EMPTY_TEXT} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        pagination={
          total > PERSON_PAGE_SIZE
            ? { current: pageNo, pageSize: PERSON_PAGE_SIZE, total, onChange: setPageNo, showSizeChanger: false }
            : false
        }
        columns={[
          {
            title: '任务人员',
            dataIndex: 'userName',
            // the person's own projects: the personal project list
            render: (name: string, row) => (
              <Button
                type="link"
                className="list-link-cell"
                onClick={() => navigate(personalProjectsPath(row.userId, name))}
              >
                {name}
              </Button>
            ),
          },
          { title: '手机号', dataIndex: 'phone' },
          { title: '身份证号', dataIndex: 'idCard', render: (value: string) => value || '-' },
          { title: '银行卡号', dataIndex: 'bankCard', render: (value: string) => value || '-' },
          { title: '开户银行', dataIndex: 'bankName', render: (value: string) => value || '-' },
          { title: '任务数', dataIndex: 'taskCount', align: 'right' },
          { title: '已结算金额(元)', dataIndex: 'settledFee', align: 'right' },
        ]}
      />
    </Card>
  );
}

/**
 * The project header of a drill-down: back to the summary, the project's name, and a toggle that
 * shows or hides the project's key facts above the list.
 */
function DrillHeader({ summary, onBack }: { summary: ProjectSummary; onBack: () => void }) {
  const [expanded, setExpanded] = useState(true);
  const { project, settle } = summary;
  return (
    <Card className="project-header summary-drill-header">
      <div className="summary-drill-bar">
        <Space size="middle" wrap>
          <BackButton onBack={onBack}>返回汇总</BackButton>
          <span className="project-title">{project.projectName}</span>
          <StatusTag dictionary={PROJECT_STATUS} value={project.projectStatus} />
        </Space>
        <Button
          type="link"
          icon={expanded ? <UpOutlined /> : <DownOutlined />}
          iconPlacement="end"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? '收起' : '展开'}
        </Button>
      </div>
      {expanded && (
        <Descriptions className="summary-drill-facts" size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="项目编号">{project.projectSn}</Descriptions.Item>
          <Descriptions.Item label="客户名称">{project.clientName || '-'}</Descriptions.Item>
          <Descriptions.Item label="项目周期">{project.cycleDate || '-'}</Descriptions.Item>
          <Descriptions.Item label="关联产品">{project.productNames || '-'}</Descriptions.Item>
          <Descriptions.Item label="结算单数">{settle.settlementNum}</Descriptions.Item>
          <Descriptions.Item label="已结算金额（元）">{settle.amount}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

function SummaryBlocks({ summary, onDrill }: { summary: ProjectSummary; onDrill: (drill: Drill) => void }) {
  const navigate = useNavigate();
  const { can } = useAccess();
  const { agreement, project, settle, invoice } = summary;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Block
          title="协议信息"
          empty={agreement.agreementTotal === 0}
          extra={
            agreement.agreementTotal > 0 && can('personalAgreement:list:view') ? (
              <Button type="link" onClick={() => onDrill(DRILL.agreements)}>
                查看全部
              </Button>
            ) : null
          }
        >
          <div className="summary-figures">
            <div className="summary-figure">
              <div className="summary-figure-title">客户名称</div>
              <div className="summary-figure-text">{project.clientName}</div>
            </div>
            <Figure title="协议总数" value={agreement.agreementTotal} />
            <Figure title="已履约协议" value={agreement.agreementUsed} />
          </div>
        </Block>
      </Col>
      <Col xs={24} xl={12}>
        <Block
          title="项目信息"
          empty={false}
          extra={
            <Space size={0}>
              {can('taskManage:list:view') ? (
                <Button type="link" onClick={() => navigate(`${TASK_LIST_PATH}?projectId=${project.id}`)}>
                  查看任务
                </Button>
              ) : null}
              <Button type="link" onClick={() => navigate(`${PROJECT_DETAIL_PATH}?id=${project.id}`)}>
                查看详情
              </Button>
            </Space>
          }
        >
          <div className="summary-figures">
            <div className="summary-figure">
              <div className="summary-figure-title">项目名称</div>
              <div className="summary-figure-text">{project.projectName}</div>
            </div>
            <div className="summary-figure">
              <div className="summary-figure-title">项目状态</div>
              <div className="summary-figure-text">
                <StatusTag dictionary={PROJECT_STATUS} value={project.projectStatus} />
              </div>
            </div>
            <div className="summary-figure">
              <div className="summary-figure-title">项目周期</div>
              <div className="summary-figure-text">{project.cycleDate || '-'}</div>
            </div>
            <div className="summary-figure">
              <div className="summary-figure-title">关联产品</div>
              <div className="summary-figure-text">{project.productNames || '-'}</div>
            </div>
          </div>
        </Block>
      </Col>
      <Col xs={24} xl={12}>
        <Block title="结算信息" empty={settle.settlementNum === 0}>
          <div className="summary-figures">
            <Figure
              title="结算单数"
              value={settle.settlementNum}
              onOpen={can('settlement:list:view') ? () => onDrill(DRILL.settlements) : undefined}
            />
            <Figure title="结算人数" value={settle.personNum} onOpen={() => onDrill(DRILL.persons)} />
            <Figure title="任务数" value={settle.totalTask} />
            <div className="summary-figure">
              <Statistic title="已结算金额（元）" value={settle.amount} />
            </div>
          </div>
        </Block>
      </Col>
      <Col xs={24} xl={12}>
        <Block title="发票信息" empty={invoice.invoiceNum === 0}>
          <div className="summary-figures">
            <Figure
              title="发票数"
              value={invoice.invoiceNum}
              onOpen={can('invoice:list:view') ? () => onDrill(DRILL.invoices) : undefined}
            />
          </div>
        </Block>
      </Col>
    </Row>
  );
}

export default function ProjectSummaryPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const projectId = Number(params.get('id'));
  const drill = drillOf(params.get('pageType'));
  const valid = Number.isInteger(projectId) && projectId > 0;
  const summary = useQuery({
    queryKey: projectSummaryKey(projectId),
    queryFn: () => fetchProjectSummary(projectId),
    enabled: valid,
    retry: false,
  });
  if (!valid) return <ProjectNotFound />;
  if (summary.isPending)
    return (
      <Spin className="project-loading" description="加载中…">
        <div />
      </Spin>
    );
  if (summary.isError) {
    const error = summary.error;
    if (error instanceof ApiError && (error.code === ApiCode.projectMissing || error.status === 404))
      return <ProjectNotFound />;
    return <Result status="warning" title={error.message || '加载失败'} />;
  }
  const id = String(summary.data.project.id);
  const openDrill = (pageType: Drill) => setParams({ id, pageType });
  const closeDrill = () => setParams({ id });
  if (drill)
    return (
      <div className="project-page">
        <DrillHeader summary={summary.data} onBack={closeDrill} />
        {drill === DRILL.agreements ? (
          <Card className="page-card" title="协议信息">
            <PersonalAgreementList fixedProjectId={summary.data.project.id} />
          </Card>
        ) : drill === DRILL.persons ? (
          <ProjectPersons projectId={summary.data.project.id} />
        ) : drill === DRILL.invoices ? (
          <InvoiceListPage fixedProjectId={summary.data.project.id} />
        ) : (
          <SettlementListPage fixedProjectId={summary.data.project.id} />
        )}
      </div>
    );
  return (
    <div className="project-page">
      <Card className="project-header">
        <Space size="middle" wrap>
          <BackButton onBack={() => navigate(-1)} />
          <span className="project-title">项目汇总 · {summary.data.project.projectName}</span>
          <span className="project-meta">项目编号：{summary.data.project.projectSn}</span>
        </Space>
      </Card>
      <SummaryBlocks summary={summary.data} onDrill={openDrill} />
    </div>
  );
}
