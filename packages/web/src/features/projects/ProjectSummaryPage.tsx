/**
 * The project summary (spec 1 §2, spec 2 §3): agreement info, project info, settlement info and
 * invoice info. Counts link to their drill-downs only when above 0; settlements and invoices have
 * no lists yet, so their counts read 0 and the blocks say 暂无数据.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { ApiCode, PROJECT_STATUS, type ProjectSummary } from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Result, Row, Space, Spin, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http';
import { useAccess } from '../../app/use-access';
import { StatusTag } from '../../components/list/StatusTag';
import { PROJECT_DETAIL_PATH, ProjectNotFound } from './ProjectDetailPage';
import { EMPTY_TEXT } from './ProjectBlocks';
import { fetchProjectSummary, projectSummaryKey } from './project-calls';
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
const TASK_LIST_PATH = '/projectManage/task/list';

function SummaryBlocks({ summary }: { summary: ProjectSummary }) {
  const navigate = useNavigate();
  const { can } = useAccess();
  const { agreement, project, settle, invoice } = summary;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Block title="协议信息" empty={agreement.agreementTotal === 0}>
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
            <Figure title="结算单数" value={settle.settlementNum} />
            <Figure title="结算人数" value={settle.personNum} />
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
            <Figure title="发票数" value={invoice.invoiceNum} />
          </div>
        </Block>
      </Col>
    </Row>
  );
}

export default function ProjectSummaryPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = Number(params.get('id'));
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
      <Spin className="project-loading" tip="加载中…">
        <div />
      </Spin>
    );
  if (summary.isError) {
    const error = summary.error;
    if (error instanceof ApiError && (error.code === ApiCode.projectMissing || error.status === 404))
      return <ProjectNotFound />;
    return <Result status="warning" title={error.message || '加载失败'} />;
  }
  return (
    <div className="project-page">
      <Card className="project-header">
        <Space size="middle" wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            返回
          </Button>
          <span className="project-title">项目汇总 · {summary.data.project.projectName}</span>
          <span className="project-meta">项目编号：{summary.data.project.projectSn}</span>
        </Space>
      </Card>
      <SummaryBlocks summary={summary.data} />
    </div>
  );
}
