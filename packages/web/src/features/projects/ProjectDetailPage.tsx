/**
 * The project detail (spec 1 §2): basic info, service types, supplementary info, audit record, and
 * 项目不存在 for code 10013. Blocks switch between view and edit only on the platform side with
 * projectManage:pro:modify in status 4, 3 or 0 (spec 1 §4); the lifecycle's buttons follow
 * PROJECT_ACTIONS and the session's codes (decision 0012). `?logId=` shows the project as an
 * operation-log row left it, read-only.
 */
import {
  ApiCode,
  canEditProject,
  formatChinaDateTime,
  MSG,
  PROJECT_ACTIONS,
  PROJECT_STATUS,
  type ProjectAction,
  type ProjectSnapshot,
  projectTransition,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Modal, Radio, Result, Space, Spin, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '../../components/DetailStates';
import { ApiError } from '../../api/http';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { useAccess } from '../../app/use-access';
import { StatusTag } from '../../components/list/StatusTag';
import {
  BasicInfoBlock,
  basicModelOf,
  basicOfDetail,
  EMPTY_TEXT,
  ServiceTypesBlock,
  SupplementaryBlock,
  serviceTypeModelOf,
} from './ProjectBlocks';
import {
  auditProject,
  endProject,
  fetchProjectDetail,
  fetchProjectFromLog,
  pauseProject,
  projectDetailKey,
  resumeProject,
  saveProjectBasic,
  saveProjectText,
  saveProjectVisitType,
  startProjectAudit,
} from './project-calls';
import { PROJECT_DETAIL_PATH, PROJECT_LIST_PATH, PROJECT_SUMMARY_PATH } from './project-paths';
import './projects.css';

const time = (value: number | null) => (value === null ? '-' : formatChinaDateTime(value));

/** The not-found view (spec 1 §8: project detail code 10013 -> 项目不存在). */
export function ProjectNotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="项目不存在"
      subTitle="该项目不存在，或您无权查看。"
      extra={
        <Button type="primary" onClick={() => navigate(PROJECT_LIST_PATH)}>
          返回项目列表
        </Button>
      }
    />
  );
}

function AuditRecord({ snapshot }: { snapshot: ProjectSnapshot }) {
  return (
    <Card className="project-block" title="审核记录">
      {snapshot.auditList.length > 0 ? (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={snapshot.auditList}
          columns={[
            {
              title: '审核结果',
              dataIndex: 'auditStatus_dictText',
              width: 120,
              render: (text: string, row) => <Tag color={row.auditStatus === 4 ? 'success' : 'error'}>{text}</Tag>,
            },
            { title: '审核意见', dataIndex: 'remarks', render: (text: string) => text || '-' },
            { title: '审核人', dataIndex: 'auditUserName', width: 140 },
            { title: '审核时间', dataIndex: 'auditTime', width: 180, render: (value: number) => time(value) },
          ]}
        />
      ) : (
        <Empty description={EMPTY_TEXT} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

/** The lifecycle buttons the project's status and the session's codes allow. */
function LifecycleActions({ projectId, status, onDone }: { projectId: number; status: number; onDone(): void }) {
  const access = useAccess();
  const side = useSession((state) => state.side);
  const [auditOpen, setAuditOpen] = useState(false);
  const [result, setResult] = useState<4 | 1>(4);
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState<ProjectAction | null>(null);
  const allowed = (action: ProjectAction) => projectTransition(action, status) !== null;

  const run = async (action: ProjectAction, work: () => Promise<unknown>, done: string) => {
    setBusy(action);
    try {
      await work();
      notifier().success(done);
      onDone();
    } catch {
      // the request layer has shown the server's message
    } finally {
      setBusy(null);
    }
  };
  const confirm = (action: ProjectAction, work: () => Promise<unknown>) =>
    Modal.confirm({
      title: '提示',
      content: `确定${PROJECT_ACTIONS[action].label}该项目吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: () => run(action, work, `${PROJECT_ACTIONS[action].label}成功`),
    });

  const canAudit = side === 'platform' && access.can('projectManage:pro:audit');
  return (
    <Space>
      {canAudit && allowed('startAudit') && (
        <Button
          type="primary"
          loading={busy === 'startAudit'}
          onClick={() => void run('startAudit', () => startProjectAudit(projectId), '已开始审核')}
        >
          开始审核
        </Button>
      )}
      {canAudit && allowed('approve') && (
        <Button type="primary" onClick={() => setAuditOpen(true)}>
          审核
        </Button>
      )}
      {access.can('projectManage:pro:pause') && allowed('pause') && (
        <Button onClick={() => confirm('pause', () => pauseProject(projectId))}>暂停</Button>
      )}
      {access.can('projectManage:pro:pause') && allowed('resume') && (
        <Button onClick={() => confirm('resume', () => resumeProject(projectId))}>恢复</Button>
      )}
      {access.can('projectManage:pro:end') && allowed('end') && (
        <Button danger onClick={() => confirm('end', () => endProject(projectId))}>
          结束
        </Button>
      )}
      <Modal
        title="项目审核"
        open={auditOpen}
        width={480}
        okText="确定"
        cancelText="取消"
        confirmLoading={busy === 'approve' || busy === 'reject'}
        onCancel={() => setAuditOpen(false)}
        onOk={() =>
          void run(
            result === 4 ? 'approve' : 'reject',
            () => auditProject(projectId, result, remarks.trim()),
            '审核完成',
          ).then(() => setAuditOpen(false))
        }
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={result}
            onChange={(event) => setResult(event.target.value)}
            options={[
              { value: 4, label: '通过' },
              { value: 1, label: '驳回' },
            ]}
          />
          <Input.TextArea
            rows={4}
            maxLength={500}
            showCount
            value={remarks}
            placeholder={result === 1 ? '请输入驳回原因' : '审核意见（选填）'}
            onChange={(event) => setRemarks(event.target.value)}
          />
        </Space>
      </Modal>
    </Space>
  );
}

export default function ProjectDetailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const projectId = Number(params.get('id'));
  const logId = Number(params.get('logId'));
  const access = useAccess();
  const side = useSession((state) => state.side);
  const queryClient = useQueryClient();
  const fromLog = Number.isInteger(logId) && logId > 0;
  const detail = useQuery({
    queryKey: fromLog ? ['project', 'log', logId] : projectDetailKey(projectId),
    queryFn: async () => {
      if (fromLog) {
        const log = await fetchProjectFromLog(logId);
        return { ...log.logAfter, logList: [], fromLog: log };
      }
      return { ...(await fetchProjectDetail(projectId)), fromLog: null };
    },
    enabled: fromLog || (Number.isInteger(projectId) && projectId > 0),
    retry: false,
  });

  if (!fromLog && !(Number.isInteger(projectId) && projectId > 0)) return <ProjectNotFound />;
  if (detail.isPending)
    return (
      <Spin className="project-loading" description="加载中…">
        <div />
      </Spin>
    );
  if (detail.isError) {
    const error = detail.error;
    if (error instanceof ApiError && (error.code === ApiCode.projectMissing || error.status === 404))
      return <ProjectNotFound />;
    return <Result status="warning" title={error.message || '加载失败'} />;
  }

  const snapshot = detail.data;
  const { project } = snapshot;
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['project'] });
  const canEdit = !fromLog && canEditProject({ side: side ?? 'platform', can: access.can }, project.projectStatus);

  return (
    <div className="project-page">
      <Card className="project-header">
        <div className="project-header-row">
          <Space size="middle" wrap>
            <BackButton onBack={() => navigate(-1)} />
            <span className="project-title">{project.projectName}</span>
            <StatusTag dictionary={PROJECT_STATUS} value={project.projectStatus} />
            <span className="project-meta">项目编号：{project.projectSn}</span>
            <span className="project-meta">客户：{project.clientName}</span>
            {side === 'enterprise' ? <span className="project-meta">所属平台：{project.tenantName}</span> : null}
            {project.projectStatus === 2 && <span className="project-meta">结束时间：{time(project.stopTime)}</span>}
          </Space>
          {!fromLog && (
            <Space>
              <LifecycleActions projectId={project.id} status={project.projectStatus} onDone={reload} />
              <Button onClick={() => navigate(`${PROJECT_SUMMARY_PATH}?id=${project.id}`)}>项目汇总</Button>
            </Space>
          )}
        </div>
        {snapshot.fromLog && (
          <div className="project-log-note">
            操作日志快照：{snapshot.fromLog.actionName}（{snapshot.fromLog.operatorName}，
            {time(snapshot.fromLog.createTime)}）
          </div>
        )}
        <div className="project-meta-row">
          <span>创建人：{project.createName || '-'}</span>
          <span>创建时间：{time(project.createTime)}</span>
          <span>审核人：{project.auditUserName || '-'}</span>
          <span>审核时间：{time(project.auditTime)}</span>
        </div>
      </Card>
      <BasicInfoBlock
        key={`basic-${project.id}-${detail.dataUpdatedAt}`}
        value={basicOfDetail(project)}
        canEdit={canEdit}
        tenantId={project.tenantId}
        onSave={async (value) => {
          const message = await saveProjectBasic({
            projectId: project.id,
            projectProjectProjectModel: basicModelOf(value),
            productArr: value.products.map((product) => product.id),
          });
          notifier().success(message || MSG.saveSuccess);
          reload();
        }}
      />
      <ServiceTypesBlock
        key={`types-${project.id}-${detail.dataUpdatedAt}`}
        value={snapshot.visitTypeList}
        canEdit={canEdit}
        projectId={project.id}
        companyId={project.clientId}
        onSave={async (types) => {
          let message = '';
          for (const type of types) {
            message = await saveProjectVisitType({
              projectId: project.id,
              boyaProjectVisitTypeModel: serviceTypeModelOf(type),
              resourcedArr: type.resourceInfo,
            });
          }
          notifier().success(message || MSG.saveSuccess);
          reload();
        }}
      />
      <SupplementaryBlock
        key={`text-${project.id}-${detail.dataUpdatedAt}`}
        value={snapshot.projectText}
        canEdit={canEdit}
        onSave={async (text) => {
          const message = await saveProjectText({ projectId: project.id, ...text });
          notifier().success(message || MSG.saveSuccess);
          reload();
        }}
      />
      <AuditRecord snapshot={snapshot} />
      {snapshot.logList.length > 0 && (
        <Card className="project-block" title="操作日志">
          <Timeline
            items={snapshot.logList.map((log) => ({
              key: log.id,
              content: (
                <Space size="middle" wrap>
                  <span>{time(log.createTime)}</span>
                  <span>{log.operatorName}</span>
                  <span>{log.actionName}</span>
                  <Button type="link" size="small" onClick={() => navigate(`${PROJECT_DETAIL_PATH}?logId=${log.id}`)}>
                    查看快照
                  </Button>
                </Space>
              ),
            }))}
          />
        </Card>
      )}
    </div>
  );
}
