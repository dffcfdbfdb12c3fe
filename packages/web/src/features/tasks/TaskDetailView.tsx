/**
 * The body of the task detail (spec 1 §2 "Task detail", decisions 0022 and 0026), both sides, shown
 * by the routed page (`TaskDetailPage`, a row of the task list, `?id=`) and by the 1200-wide
 * 任务详情 dialog (`TaskDetailDialog`, the settlement report's 任务编号): person, client with the verified badge, department, terminal, region and
 * address; the product with the opened-materials (or call records) count opening the 730-wide list
 * dialog; content; task info; the map of the planned, check-in and check-out points; feedback and
 * records (the procurement service's start and end records); attachments; used materials; the AI
 * audit rejection reasons (only while auditStatus is not 2 or 4); 打印 except for surveys. Academic
 * meetings (p-xueShu) have their own layout: meeting info, products, the attendee table
 * (xueShu_keShi) or the headcount, feedback with photo groups and the photos' download link.
 */
import { DownloadOutlined, FileSearchOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  formatChinaDateTime,
  PROCUREMENT_FEEDBACK_TYPES,
  reasonsOf,
  showsAiRejectionReason,
  TASK_AUDIT_STATUS,
  TASK_DETAIL_MSG,
  TASK_PHOTO_KINDS,
  TASK_STATUS,
  type TaskDetail,
  type TaskPhoto,
  type TaskPhotoKind,
  type TaskSignPoint,
} from '@fieldpay/domain';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Image,
  Result,
  Space,
  Spin,
  Table,
  Tag,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { ApiError } from '../../api/http';
import { StatusTag } from '../../components/list/StatusTag';
import { orDash } from '../../components/text';
import { printPage } from './print';
import { SurveyDetailDialog } from './SurveyDetailDialog';
import { downloadTaskAttachments, fetchTaskDetail, taskDetailKey } from './task-calls';
import { CustomerVerifiedBadge } from '../customers/CustomerVerificationDialog';
import { distanceText, mapPointsOf, TaskMap, TRACK_STYLE, trackOf } from './TaskMap';
import { TaskRecordsDialog, type TaskRecordsKind } from './TaskRecordsDialog';
import './tasks.css';

const time = (value: number | null | undefined) => (value ? formatChinaDateTime(value) : '-');
const SURVEY_TYPES = new Set(['wjdy']);

/** The AI audit rejection reasons show only when there are some and the audit status is not 2 or 4 (spec 1 §4). */
export const showsAutoAuditReasons = (task: Pick<TaskDetail, 'remarks' | 'auditStatus'>) =>
  showsAiRejectionReason(task.auditStatus, task.remarks.trim());

function Photos({ photos, empty = '暂无数据' }: { photos: TaskPhoto[]; empty?: string }) {
  if (photos.length === 0) return <span className="task-muted">{empty}</span>;
  return (
    <Image.PreviewGroup>
      <div className="task-photos">
        {photos.map((photo) => (
          <figure key={photo.id} className="task-photo">
            <Image src={photo.url} alt={photo.fileName} width={104} height={104} />
            <figcaption>
              {TASK_PHOTO_KINDS[photo.kind as TaskPhotoKind] ?? photo.kind}
              {photo.source === 'album' ? <Tag className="task-photo-album">相册</Tag> : null}
            </figcaption>
          </figure>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}

/** The task's photo groups, each under its name. */
function PhotoGroups({ groups }: { groups: TaskDetail['photoGroups'] }) {
  return groups.map((group) => (
    <div key={group.id} className="task-photo-group">
      <div className="task-photo-group-name">{group.name}</div>
      <Photos photos={group.photos} />
    </div>
  ));
}

function SignRecord({ title, sign, planned }: { title: string; sign: TaskSignPoint | null; planned: boolean }) {
  return (
    <div className="task-sign-record">
      <div className="task-sign-title">{title}</div>
      {sign ? (
        <>
          <Descriptions size="small" column={1} colon>
            <Descriptions.Item label="时间">{time(sign.signedAt)}</Descriptions.Item>
            <Descriptions.Item label="地址">{orDash(sign.address)}</Descriptions.Item>
            <Descriptions.Item label="坐标">
              {sign.lat.toFixed(6)}, {sign.lon.toFixed(6)}
            </Descriptions.Item>
            {planned ? (
              <Descriptions.Item label="距计划地点">
                {sign.distance === null ? '-' : distanceText(sign.distance)}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Photos photos={sign.photos} empty="无照片" />
        </>
      ) : (
        <span className="task-muted">暂无数据</span>
      )}
    </div>
  );
}

function MapBlock({ task }: { task: TaskDetail }) {
  const points = useMemo(() => mapPointsOf(task), [task]);
  const track = useMemo(() => trackOf(task), [task]);
  return (
    <Card className="task-block task-map-block" title="任务地图" size="small">
      {points.length + track.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无位置数据" />
      ) : (
        <>
          <TaskMap taskId={task.id} points={points} track={track} tileUrl={task.mapTileUrl} />
          <div className="task-map-legend">
            {points.map((point) => (
              <span key={point.key} className="task-map-legend-item">
                <i style={{ background: point.color }} />
                {point.label}
                {point.distance !== null && point.key !== 'planned' && task.lat !== null
                  ? `（距计划地点${distanceText(point.distance)}）`
                  : ''}
              </span>
            ))}
            {track.length > 0 ? (
              <span className="task-map-legend-item">
                <i style={{ background: TRACK_STYLE.color }} />
                {TRACK_STYLE.label}（{track.length}个）
              </span>
            ) : null}
            {task.lat === null ? <span className="task-muted">未设置计划地点</span> : null}
            <span className="task-muted">点击地图或标记查看地址</span>
          </div>
        </>
      )}
    </Card>
  );
}

function AutoAuditReasons({ task }: { task: TaskDetail }) {
  if (!showsAutoAuditReasons(task)) return null;
  return (
    <Card className="task-block" title="AI审核驳回原因" size="small">
      <ol className="task-reasons">
        {reasonsOf(task.remarks).map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ol>
    </Card>
  );
}

function TaskInfo({ task }: { task: TaskDetail }) {
  return (
    <Card className="task-block" title="任务信息" size="small">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        <Descriptions.Item label="任务ID">{task.taskSn}</Descriptions.Item>
        <Descriptions.Item label="任务类型">{task.visitType}</Descriptions.Item>
        <Descriptions.Item label="所属项目">{task.projectName}</Descriptions.Item>
        <Descriptions.Item label="开始时间">{time(task.startTime)}</Descriptions.Item>
        <Descriptions.Item label="结束时间">{time(task.endTime)}</Descriptions.Item>
        <Descriptions.Item label="服务时长">{task.duration === null ? '-' : `${task.duration}分钟`}</Descriptions.Item>
        <Descriptions.Item label="签到地址">{orDash(task.signInAddress)}</Descriptions.Item>
        <Descriptions.Item label="签退地址">{orDash(task.signOutAddress)}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{time(task.actTime)}</Descriptions.Item>
        <Descriptions.Item label="任务状态">
          <StatusTag dictionary={TASK_STATUS} value={task.status} />
        </Descriptions.Item>
        <Descriptions.Item label="审核状态">
          <StatusTag dictionary={TASK_AUDIT_STATUS} value={task.auditStatus} />
        </Descriptions.Item>
        <Descriptions.Item label="审核人">{orDash(task.auditUserName)}</Descriptions.Item>
        <Descriptions.Item label="审核时间">{time(task.auditTime)}</Descriptions.Item>
        {task.auditReason ? <Descriptions.Item label="驳回原因">{task.auditReason}</Descriptions.Item> : null}
      </Descriptions>
    </Card>
  );
}

function CustomerName({ task }: { task: TaskDetail }) {
  return (
    <Space size={6}>
      <span>{orDash(task.cusName)}</span>
      {/* the verified badge opens the customer's verification info (spec 1 §2) */}
      {task.cusIsAuth === 1 ? <CustomerVerifiedBadge customerId={task.cusId} /> : null}
    </Space>
  );
}

/** The person who took the task; a link to the person's view where the opener offers one (`onPerson`). */
function PersonName({ task, onPerson }: { task: TaskDetail; onPerson?(userId: number): void }) {
  const { userId } = task;
  if (!onPerson || userId === null || !task.userName) return <>{orDash(task.userName)}</>;
  return (
    <Button type="link" size="small" className="task-inline-link" onClick={() => onPerson(userId)}>
      {task.userName}
    </Button>
  );
}

const regionOf = (task: TaskDetail) => [task.province, task.city, task.area].filter(Boolean).join(' ') || '-';

function RecordsCount({ task, onOpen }: { task: TaskDetail; onOpen(kind: TaskRecordsKind): void }) {
  const kind: TaskRecordsKind = task.visitTypeId === 'dhbf' ? 'call' : 'material';
  const count = kind === 'call' ? task.callsNumber : task.fileNumber;
  return (
    <Button type="link" size="small" className="task-inline-link" onClick={() => onOpen(kind)}>
      {kind === 'call' ? `通话记录 ${count} 条` : `已打开资料 ${count} 份`}
    </Button>
  );
}

/** Any photo of the task: in its groups, the others, the check-in's or the check-out's. */
const hasTaskPhotos = (task: TaskDetail) =>
  task.photoGroups.some((group) => group.photos.length > 0) ||
  task.otherPhotos.length > 0 ||
  Boolean(task.signIn?.photos.length) ||
  Boolean(task.signOut?.photos.length);

function AttachmentsBlock({ task, onDownload }: { task: TaskDetail; onDownload(): void }) {
  const hasPhotos = hasTaskPhotos(task);
  return (
    <Card
      className="task-block"
      title="附件"
      size="small"
      extra={
        <Button size="small" icon={<DownloadOutlined />} className="no-print" onClick={onDownload}>
          下载照片及附件
        </Button>
      }
    >
      <PhotoGroups groups={task.photoGroups} />
      {task.otherPhotos.length ? (
        <div className="task-photo-group">
          <div className="task-photo-group-name">其他照片</div>
          <Photos photos={task.otherPhotos} />
        </div>
      ) : null}
      {!hasPhotos || (task.photoGroups.length === 0 && task.otherPhotos.length === 0) ? (
        <span className="task-muted">{hasPhotos ? '签到、签退照片见反馈与记录' : TASK_DETAIL_MSG.noAttachments}</span>
      ) : null}
    </Card>
  );
}

/** The summary (任务总结, or 会议总结 for a meeting) and the feedback, as lines of a description list. */
const feedbackItems = (task: TaskDetail, summaryLabel: string): NonNullable<DescriptionsProps['items']> => [
  { key: 'sumUp', label: summaryLabel, children: <span className="task-pre">{orDash(task.sumUp)}</span> },
  { key: 'feedback', label: '反馈内容', children: <span className="task-pre">{orDash(task.feedback)}</span> },
];

function FeedbackBlock({ task }: { task: TaskDetail }) {
  const procurement = task.visitTypeId === 'cgfw';
  const planned = task.lat !== null;
  return (
    <Card className="task-block" title="反馈与记录" size="small">
      <Descriptions size="small" column={1} items={feedbackItems(task, '任务总结')} />
      <div className="task-sign-records">
        <SignRecord
          title={procurement ? PROCUREMENT_FEEDBACK_TYPES[0] : '签到记录'}
          sign={task.signIn}
          planned={planned}
        />
        <SignRecord
          title={procurement ? PROCUREMENT_FEEDBACK_TYPES[1] : '签退记录'}
          sign={task.signOut}
          planned={planned}
        />
      </div>
    </Card>
  );
}

function StandardLayout({
  task,
  onRecords,
  onDownload,
  onSurvey,
  onPerson,
}: {
  task: TaskDetail;
  onRecords(kind: TaskRecordsKind): void;
  onDownload(): void;
  onSurvey(): void;
  onPerson?(userId: number): void;
}) {
  return (
    <>
      <div className="task-grid">
        <Card className="task-block" title="人员信息" size="small">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="服务人员">
              <PersonName task={task} onPerson={onPerson} />
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{orDash(task.userPhone)}</Descriptions.Item>
            <Descriptions.Item label="领取时间">{time(task.takeTime)}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card className="task-block" title="客户信息" size="small">
          <Descriptions size="small" column={{ xs: 1, lg: 2 }}>
            <Descriptions.Item label="客户">
              <CustomerName task={task} />
            </Descriptions.Item>
            <Descriptions.Item label="科室">{orDash(task.department)}</Descriptions.Item>
            <Descriptions.Item label="终端">{orDash(task.orgName)}</Descriptions.Item>
            <Descriptions.Item label="地区">{regionOf(task)}</Descriptions.Item>
            <Descriptions.Item label="地址" span={2}>
              {orDash(task.address)}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </div>
      <div className="task-grid">
        <Card className="task-block" title="任务产品" size="small">
          <Descriptions size="small" column={1}>
            <Descriptions.Item label="产品">{orDash(task.productName)}</Descriptions.Item>
            <Descriptions.Item label={task.visitTypeId === 'dhbf' ? '通话记录' : '已打开资料'}>
              <RecordsCount task={task} onOpen={onRecords} />
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <Card className="task-block" title="任务内容" size="small">
          <div className="task-pre">{orDash(task.content)}</div>
        </Card>
      </div>
      <TaskInfo task={task} />
      <MapBlock task={task} />
      <FeedbackBlock task={task} />
      <AttachmentsBlock task={task} onDownload={onDownload} />
      <Card className="task-block" title="使用资料" size="small">
        {task.resourceTitle ? (
          <Space>
            <span>{task.resourceTitle}</span>
            {SURVEY_TYPES.has(task.visitTypeId) && task.surveyAnswered ? (
              <Button type="link" size="small" icon={<FileSearchOutlined />} onClick={onSurvey} className="no-print">
                查看提交详情
              </Button>
            ) : null}
          </Space>
        ) : (
          <span className="task-muted">暂无数据</span>
        )}
      </Card>
      <AutoAuditReasons task={task} />
    </>
  );
}

function MeetingLayout({
  task,
  onDownload,
  onPerson,
}: {
  task: TaskDetail;
  onDownload(): void;
  onPerson?(userId: number): void;
}) {
  const hasPhotos = hasTaskPhotos(task);
  return (
    <>
      <Card className="task-block" title="会议信息" size="small">
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label="会议主题">{task.title}</Descriptions.Item>
          <Descriptions.Item label="会议类型">{task.visitType}</Descriptions.Item>
          <Descriptions.Item label="任务ID">{task.taskSn}</Descriptions.Item>
          <Descriptions.Item label="会议时间">
            {time(task.signIn?.signedAt ?? task.startTime)} 至 {time(task.signOut?.signedAt ?? task.endTime)}
          </Descriptions.Item>
          <Descriptions.Item label="终端">{orDash(task.orgName)}</Descriptions.Item>
          <Descriptions.Item label="科室">{orDash(task.department)}</Descriptions.Item>
          <Descriptions.Item label="会议地点">
            {regionOf(task)} {task.address}
          </Descriptions.Item>
          <Descriptions.Item label="客户">
            <CustomerName task={task} />
          </Descriptions.Item>
          <Descriptions.Item label="服务人员">
            <PersonName task={task} onPerson={onPerson} /> {task.userPhone}
          </Descriptions.Item>
          <Descriptions.Item label="任务状态">
            <StatusTag dictionary={TASK_STATUS} value={task.status} />
          </Descriptions.Item>
          <Descriptions.Item label="审核状态">
            <StatusTag dictionary={TASK_AUDIT_STATUS} value={task.auditStatus} />
          </Descriptions.Item>
          <Descriptions.Item label="提交时间">{time(task.actTime)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <div className="task-grid">
        <Card className="task-block" title="会议产品" size="small">
          <div>{orDash(task.productName)}</div>
        </Card>
        <Card className="task-block" title="会议内容" size="small">
          <div className="task-pre">{orDash(task.content)}</div>
        </Card>
      </div>
      {task.visitTypeId === 'xueShu_keShi' ? (
        <Card className="task-block" title="参会人员" size="small">
          <Table
            size="small"
            rowKey={(row) => `${row.cusName}-${row.certNo}-${row.departmentName}`}
            pagination={false}
            dataSource={task.cusList}
            locale={{ emptyText: '暂无数据' }}
            columns={[
              { key: 'index', title: '序号', width: 64, render: (_value, _row, index) => index + 1 },
              { key: 'cusName', dataIndex: 'cusName', title: '姓名' },
              { key: 'departmentName', dataIndex: 'departmentName', title: '科室', render: orDash },
              {
                key: 'authStatus',
                dataIndex: 'authStatus',
                title: '是否认证',
                width: 100,
                render: (value: number) => (value === 1 ? '是' : '否'),
              },
              { key: 'certNo', dataIndex: 'certNo', title: '执业证书编号', render: orDash },
            ]}
          />
        </Card>
      ) : (
        <Card className="task-block" title="参会人数" size="small">
          <span className="task-headcount">{task.custNum === null ? '-' : `${task.custNum}人`}</span>
        </Card>
      )}
      <MapBlock task={task} />
      <Card className="task-block" title="会议反馈" size="small">
        <Descriptions
          size="small"
          column={1}
          items={[
            ...feedbackItems(task, '会议总结'),
            {
              key: 'photos',
              label: '照片及附件',
              children: hasPhotos ? (
                <Button type="link" size="small" className="task-inline-link" onClick={onDownload}>
                  下载照片及附件
                </Button>
              ) : (
                <span className="task-muted">{TASK_DETAIL_MSG.noData}</span>
              ),
            },
          ]}
        />
        <PhotoGroups groups={task.photoGroups} />
        <div className="task-sign-records">
          <SignRecord title="签到记录" sign={task.signIn} planned={task.lat !== null} />
          <SignRecord title="签退记录" sign={task.signOut} planned={task.lat !== null} />
        </div>
      </Card>
      <AutoAuditReasons task={task} />
    </>
  );
}

interface TaskDetailViewProps {
  task: TaskDetail;
  /** buttons before 提交详情 / 打印 (the page's 返回) */
  actions?: ReactNode;
  /** 打印: the page prints itself without the console's chrome; a dialog prints alone */
  onPrint?: () => void;
  /** where the opener can show a person: 服务人员 becomes a link to the person's view */
  onPerson?(userId: number): void;
}

export function TaskDetailView({ task, actions, onPrint = printPage, onPerson }: TaskDetailViewProps) {
  const [records, setRecords] = useState<TaskRecordsKind | null>(null);
  const [surveyOpen, setSurveyOpen] = useState(false);
  const meeting = task.parentVisitType === 'p-xueShu';
  const survey = SURVEY_TYPES.has(task.visitTypeId);
  const download = () => {
    // the client shows the server's 暂无附件数据 (or any other refusal) as a warning
    downloadTaskAttachments(task.id, task.taskSn).catch(() => undefined);
  };
  return (
    <div className="task-detail">
      <Card className="task-block task-header" size="small">
        <div className="task-header-row">
          <div>
            <div className="task-title">
              {task.title}
              <StatusTag dictionary={TASK_AUDIT_STATUS} value={task.auditStatus} />
            </div>
            <div className="task-meta">
              <span>任务编号：{task.taskSn}</span>
              <span>服务类型：{task.visitType}</span>
              <span>项目：{task.projectName}</span>
            </div>
          </div>
          <Space className="no-print" wrap>
            {actions}
            {survey && task.surveyAnswered ? (
              <Button icon={<FileSearchOutlined />} onClick={() => setSurveyOpen(true)}>
                提交详情
              </Button>
            ) : null}
            {survey ? null : (
              <Button icon={<PrinterOutlined />} onClick={onPrint}>
                打印
              </Button>
            )}
          </Space>
        </div>
      </Card>
      {showsAutoAuditReasons(task) ? (
        <Alert
          className="task-block no-print"
          type="warning"
          showIcon
          title={`AI审核未通过：${reasonsOf(task.remarks).join('；')}`}
        />
      ) : null}
      {meeting ? (
        <MeetingLayout task={task} onDownload={download} onPerson={onPerson} />
      ) : (
        <StandardLayout
          task={task}
          onRecords={setRecords}
          onDownload={download}
          onSurvey={() => setSurveyOpen(true)}
          onPerson={onPerson}
        />
      )}
      <TaskRecordsDialog
        taskId={task.id}
        kind={records ?? 'material'}
        open={records !== null}
        onClose={() => setRecords(null)}
      />
      {survey ? <SurveyDetailDialog taskId={task.id} open={surveyOpen} onClose={() => setSurveyOpen(false)} /> : null}
    </div>
  );
}

/** A task that does not exist or that the viewer may not see. */
export function TaskMissing({ extra }: { extra?: ReactNode }) {
  return <Result status="404" title="任务不存在" subTitle="该任务不存在，或您无权查看。" extra={extra} />;
}

interface TaskDetailBodyProps extends Omit<TaskDetailViewProps, 'task'> {
  taskId: number;
  /** what a missing task (or one outside the viewer's scope) shows; the page adds 返回任务列表 */
  notFound?: ReactNode;
}

/** The task of `taskId` loaded and shown: a spinner while it loads, `notFound` on 404, the refusal with 重新加载 otherwise. */
export function TaskDetailBody({ taskId, notFound = <TaskMissing />, ...view }: TaskDetailBodyProps) {
  const valid = Number.isInteger(taskId) && taskId > 0;
  const query = useQuery({
    queryKey: taskDetailKey(taskId),
    queryFn: () => fetchTaskDetail(taskId),
    enabled: valid,
    retry: false,
  });
  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) return notFound;
  if (query.isError) {
    return (
      <Result
        status="warning"
        title={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>重新加载</Button>}
      />
    );
  }
  if (!query.data) {
    return (
      <Spin spinning>
        <div className="task-loading" />
      </Spin>
    );
  }
  return <TaskDetailView task={query.data} {...view} />;
}
