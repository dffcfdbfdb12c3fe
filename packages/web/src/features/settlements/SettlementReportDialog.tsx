import {
  CHART,
  CHOICE_SUBJECT_TYPES,
  DIALOG_WIDTH,
  fileSizeLabel,
  MSG,
  PROJECT_STATUS,
  policyForScene,
  REPORT_PAGE_SIZES,
  REPORT_PRODUCT_NAME,
  REPORT_QUESTIONNAIRE_TYPE,
  REPORT_SUPPORT_LINES,
  REPORT_TAGLINE,
  REPORT_UPLOAD,
  type ReportFile,
  type ReportOverview,
  type ReportPersonRow,
  type ReportProductRow,
  type ReportQuestion,
  type ReportTaskRow,
  type ReportTaskTypeRow,
  type SurveySubjectType,
} from '@fieldpay/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Modal, Progress, Space, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../app/layout/BrandMark';
import { DOWNLOAD_LOG_PATH, ORDER_GENERATE_CACHE_PATH } from '../../app/menu';
import { notifier } from '../../app/notify';
import { useSession } from '../../app/session-store';
import { EChart } from '../../components/EChart';
import { LoadFailedAlert } from '../../components/LoadFailedAlert';
import { StatusTag } from '../../components/list/StatusTag';
import type { AttachmentItem } from '../../components/upload/attachment-item';
import { FileUpload } from '../../components/upload/FileUpload';
import { openStoredFile } from '../../components/upload/open-file';
import { PdfViewer } from '../../components/upload/PdfViewer';
import { useManagerFileSizeMb } from '../../components/upload/use-manager-file-size';
import { TaskDetailDialog } from '../tasks/TaskDetailDialog';
import { barOption, type ChartDatum, pieOption, questionOption } from './report-charts';
import {
  fetchReportOverview,
  fetchReportPersons,
  fetchReportProducts,
  fetchReportQuestions,
  fetchReportTasks,
  fetchReportTaskTypes,
  type ReportPage,
  regenerateReport,
  reportKey,
  requestReportDownload,
} from './settlement-report-calls';
import { CustomerVerifiedBadge } from '../customers/CustomerVerificationDialog';
import './settlements.css';

export interface SettlementReportDialogProps {
  open: boolean;
  settlement: { id: number; settlementSn: string } | null;
  /** the enterprise may upload report files and regenerate */
  editable: boolean;
  onClose(): void;
}

/** While the PDF is being made the overview is asked again this often. */
const GENERATING_REFRESH_MS = 2_000;
const NUMERALS = '一二三四五六七八九十';
const numeral = (n: number) =>
  n <= 10
    ? NUMERALS[n - 1]
    : n < 20
      ? `十${NUMERALS[n - 11]}`
      : `${NUMERALS[Math.floor(n / 10) - 1]}十${n % 10 ? NUMERALS[(n % 10) - 1] : ''}`;
const yuanText = (amount: string) => `¥${amount}`;
const empty = { emptyText: MSG.emptyList };

/** Everything the dialog shows first, in the spec's order. */
async function loadReport(settlementId: number) {
  const products = await fetchReportProducts(settlementId);
  const tasks = await fetchReportTasks(settlementId);
  const overview = await fetchReportOverview(settlementId);
  const questions = overview.visitTypeId === REPORT_QUESTIONNAIRE_TYPE ? await fetchReportQuestions(settlementId) : [];
  const [taskTypes, persons] = await Promise.all([
    fetchReportTaskTypes(settlementId),
    fetchReportPersons(settlementId),
  ]);
  return { products, tasks, overview, questions, taskTypes, persons };
}
type Loaded = Awaited<ReturnType<typeof loadReport>>;

/** The loading image while the report loads. */
function ReportLoading() {
  return (
    <div className="report-loading" role="status" aria-label="报告加载中">
      <svg width="96" height="96" viewBox="0 0 96 96" aria-hidden="true">
        <rect x="22" y="12" width="52" height="68" rx="6" fill="#eef4ff" stroke="#3b82f6" strokeWidth="3" />
        <rect x="32" y="28" width="32" height="4" rx="2" fill="#3b82f6" />
        <rect x="32" y="40" width="24" height="4" rx="2" fill="#93c5fd" />
        <rect x="32" y="52" width="28" height="4" rx="2" fill="#93c5fd" />
        <circle cx="68" cy="70" r="14" fill="#14b8a6" opacity=".9" />
        <path d="M61 70l5 5 9-10" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
      <Spin />
      <div className="report-muted">报告加载中，请稍候…</div>
    </div>
  );
}

/** A list of the report paged on the server, 30 or 10 a page; the pager only past one page. */
function usePagedRows<T>(
  key: string,
  settlementId: number,
  first: ReportPage<T>,
  pageSize: number,
  fetchPage: (settlementId: number, pageNo: number, pageSize: number) => Promise<ReportPage<T>>,
) {
  const [pageNo, setPageNo] = useState(1);
  const page = useQuery({
    queryKey: [...reportKey(settlementId), key, pageNo],
    queryFn: () => fetchPage(settlementId, pageNo, pageSize),
    enabled: pageNo > 1,
  });
  const data = pageNo === 1 ? first : (page.data ?? { records: [], total: first.total });
  return {
    rows: data.records,
    loading: page.isFetching,
    pagination:
      data.total > pageSize
        ? { current: pageNo, pageSize, total: data.total, showSizeChanger: false, onChange: setPageNo }
        : (false as const),
  };
}

function Section({ no, title, children }: { no: number; title: string; children: ReactNode }) {
  return (
    <section className="report-section" aria-label={title}>
      <h3 className="report-section-title">
        {numeral(no)}、{title}
      </h3>
      {children}
    </section>
  );
}

/** 任务场景明细: 服务类型 merged over its consecutive rows. */
function TaskTypeTable({ rows }: { rows: ReportTaskTypeRow[] }) {
  const spans = rows.map((row, index) => {
    if (index > 0 && rows[index - 1].visitTypeValue === row.visitTypeValue) return 0;
    let span = 1;
    while (index + span < rows.length && rows[index + span].visitTypeValue === row.visitTypeValue) span++;
    return span;
  });
  const columns: ColumnsType<ReportTaskTypeRow> = [
    {
      title: '服务类型',
      dataIndex: 'visitTypeValue',
      width: 140,
      onCell: (_row, index) => ({ rowSpan: spans[index ?? 0] }),
    },
    { title: '子类型', dataIndex: 'taskTypeValue', width: 160 },
    { title: '任务描述', dataIndex: 'taskRemark', render: (remark: string) => remark || '-' },
    { title: '推广次数', dataIndex: 'taskNum', width: 110, align: 'right' },
    { title: '推广金额(元)', dataIndex: 'amount', width: 140, align: 'right' },
  ];
  return (
    <Table<ReportTaskTypeRow>
      rowKey={(row) => `${row.visitTypeId}-${row.taskTypeValue}-${row.taskRemark}`}
      size="small"
      bordered
      columns={columns}
      dataSource={rows}
      pagination={false}
      locale={empty}
    />
  );
}

/** 客户/微信: the customer's name, and its verified badge opening the verification info (spec 3's dialog). */
function CustomerCell({ row }: { row: ReportTaskRow }) {
  const names = row.cusList.map((item) => item.cusName).join('、');
  if (!names) return <>-</>;
  return (
    <Space size={4} wrap>
      <span>{names}</span>
      {row.cusIsAuth === 1 && <CustomerVerifiedBadge customerId={row.cusId} />}
    </Space>
  );
}

function QuestionSection({ question, index }: { question: ReportQuestion; index: number }) {
  const choice = CHOICE_SUBJECT_TYPES.includes(question.type as SurveySubjectType);
  if (!choice) return <div className="report-muted">本题有效填写次数：{question.totalNum}（详见附件）</div>;
  const rows = [
    ...question.detailVoList.map((detail) => ({ key: detail.readingKey, ...detail })),
    { key: '__total', readingKey: '本题有效填写次数', readingValue: question.totalNum, ratio: '' },
  ];
  const data: ChartDatum[] = question.detailVoList.map((detail) => ({
    name: detail.readingKey,
    value: detail.readingValue,
  }));
  const charted =
    question.detailVoList.length >= CHART.questionnaireChartMinOptions &&
    question.detailVoList.length <= CHART.questionnaireChartMaxOptions;
  return (
    <>
      <Table
        rowKey="key"
        size="small"
        bordered
        pagination={false}
        dataSource={rows}
        locale={empty}
        columns={[
          { title: '选项', dataIndex: 'readingKey' },
          { title: '小计', dataIndex: 'readingValue', width: 120, align: 'right' },
          {
            title: '比例',
            dataIndex: 'ratio',
            width: 320,
            render: (ratio: string, row) =>
              row.key === '__total' ? null : (
                <Progress percent={Number(ratio)} size="small" format={() => `${ratio}%`} />
              ),
          },
        ]}
      />
      {question.type === 11 && (
        <div className="report-muted report-note">
          多选题说明：比例 = 选择该选项的次数 ÷ 本题有效填写次数，故各选项比例之和可能超过100%。
        </div>
      )}
      {charted && (
        <EChart option={questionOption(index, data)} label={`第${index + 1}题统计图`} style={{ height: 300 }} />
      )}
    </>
  );
}

function ReportFooter() {
  return (
    <footer className="report-footer">
      <BrandMark size={36} />
      <div>
        <div className="report-footer-name">
          {REPORT_PRODUCT_NAME}
          <span className="report-footer-tagline">{REPORT_TAGLINE}</span>
        </div>
        {REPORT_SUPPORT_LINES.map((line) => (
          <div key={line} className="report-muted">
            {line}
          </div>
        ))}
      </div>
    </footer>
  );
}

function ReportBody({
  settlementId,
  loaded,
  editable,
  files,
  onFilesChange,
}: {
  settlementId: number;
  loaded: Loaded;
  editable: boolean;
  files: AttachmentItem[];
  onFilesChange(files: AttachmentItem[]): void;
}) {
  const { overview, taskTypes, questions } = loaded;
  const managerFileSizeMb = useManagerFileSizeMb();
  const policy = useMemo(
    () =>
      policyForScene('settleReport', {
        managerFileSizeMb,
        maxBytes: REPORT_UPLOAD.documentMaxBytes,
        maxCount: REPORT_UPLOAD.maxFiles,
      }),
    [managerFileSizeMb],
  );
  const [showPdf, setShowPdf] = useState(false);
  // the task stays while its dialog closes
  const [taskDetail, setTaskDetail] = useState({ taskId: 0, open: false });
  const products = usePagedRows(
    'products',
    settlementId,
    loaded.products,
    REPORT_PAGE_SIZES.products,
    fetchReportProducts,
  );
  const persons = usePagedRows('persons', settlementId, loaded.persons, REPORT_PAGE_SIZES.people, fetchReportPersons);
  const tasks = usePagedRows('tasks', settlementId, loaded.tasks, REPORT_PAGE_SIZES.tasks, fetchReportTasks);
  const questionnaire = overview.visitTypeId === REPORT_QUESTIONNAIRE_TYPE;

  const sections: Array<{ title: string; body: ReactNode }> = [];
  sections.push({
    title: '整体总览',
    body: (
      <>
        <Descriptions column={3} size="small" bordered className="report-overview">
          <Descriptions.Item label="报告编号">{overview.settlementSn}</Descriptions.Item>
          <Descriptions.Item label="结算单号">{overview.orderSn}</Descriptions.Item>
          <Descriptions.Item label="服务类型">{overview.visitTypeValue}</Descriptions.Item>
          <Descriptions.Item label="企业名称">{overview.enterpriseName}</Descriptions.Item>
          <Descriptions.Item label="所属平台">{overview.tenantName}</Descriptions.Item>
          <Descriptions.Item label="项目名称">{overview.projectName}</Descriptions.Item>
          <Descriptions.Item label="项目状态">
            <StatusTag dictionary={PROJECT_STATUS} value={overview.projectStatus} />
          </Descriptions.Item>
          <Descriptions.Item label="任务周期" span={2}>
            {overview.startTime ? `${overview.startTime} 至 ${overview.endTime}` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="结算总金额">{yuanText(overview.amount)}</Descriptions.Item>
          <Descriptions.Item label="任务总数">{overview.totalTask}个</Descriptions.Item>
          <Descriptions.Item label="推广人数">{overview.totalPersonNum}人</Descriptions.Item>
          <Descriptions.Item label="覆盖终端">{overview.orgNum}家</Descriptions.Item>
          <Descriptions.Item label="推广产品">{overview.productNum}个</Descriptions.Item>
          <Descriptions.Item label="任务金额">{yuanText(overview.taskAmount)}</Descriptions.Item>
          <Descriptions.Item label="报告文件">
            {overview.address ? (
              <Button type="link" size="small" onClick={() => setShowPdf((shown) => !shown)}>
                {showPdf ? '收起报告PDF' : '查看报告PDF'}
              </Button>
            ) : (
              <span className="report-muted">报告生成中…</span>
            )}
          </Descriptions.Item>
        </Descriptions>
        {showPdf && overview.address && (
          <div className="report-pdf">
            <PdfViewer address={overview.address} width={1080} />
          </div>
        )}
      </>
    ),
  });
  sections.push({
    title: '任务场景明细',
    body: (
      <>
        <TaskTypeTable rows={taskTypes} />
        {taskTypes.length > 1 && (
          <EChart
            label="任务场景构成图"
            option={pieOption(
              taskTypes.map((row) => ({ name: row.taskTypeValue, value: row.taskNum, amount: row.amount })),
            )}
            style={{ height: 300, marginTop: 12 }}
          />
        )}
      </>
    ),
  });
  if (loaded.products.total > 0)
    sections.push({
      title: '推广产品构成',
      body: (
        <>
          <Table<ReportProductRow>
            rowKey={(row) => row.productName}
            size="small"
            bordered
            loading={products.loading}
            dataSource={products.rows}
            pagination={products.pagination}
            locale={empty}
            columns={[
              { title: '产品名称', dataIndex: 'productName' },
              { title: '规格', dataIndex: 'productGuige', width: 160, render: (value: string) => value || '-' },
              { title: '厂家', dataIndex: 'productFactory', width: 220, render: (value: string) => value || '-' },
              { title: '推广次数', dataIndex: 'productNum', width: 110, align: 'right' },
              { title: '推广金额(元)', dataIndex: 'amount', width: 140, align: 'right' },
            ]}
          />
          {products.rows.length > 1 && (
            <EChart
              label="推广产品构成图"
              option={barOption(
                products.rows.map((row) => ({ name: row.productName, value: row.productNum, amount: row.amount })),
              )}
              style={{ height: 300, marginTop: 12 }}
            />
          )}
        </>
      ),
    });
  sections.push({
    title: '推广人员构成',
    body: (
      <>
        <Table<ReportPersonRow>
          rowKey="userId"
          size="small"
          bordered
          loading={persons.loading}
          dataSource={persons.rows}
          pagination={persons.pagination}
          locale={empty}
          columns={[
            { title: '人员姓名', dataIndex: 'userName' },
            { title: '推广产品数', dataIndex: 'productNum', width: 130, align: 'right' },
            { title: '终端数', dataIndex: 'orgNum', width: 110, align: 'right' },
            { title: '推广次数', dataIndex: 'userNum', width: 110, align: 'right' },
            { title: '推广金额(元)', dataIndex: 'amount', width: 140, align: 'right' },
          ]}
        />
        {persons.rows.length > 1 && (
          <EChart
            label="推广人员构成图"
            option={barOption(
              persons.rows.map((row) => ({ name: row.userName, value: row.userNum, amount: row.amount })),
              { horizontal: true },
            )}
            style={{ height: Math.max(200, Math.min(persons.rows.length, 6) * 44 + 60), marginTop: 12 }}
          />
        )}
      </>
    ),
  });
  if (loaded.tasks.total > 0)
    sections.push({
      title: '推广任务明细构成',
      body: (
        <Table<ReportTaskRow>
          rowKey="taskId"
          size="small"
          bordered
          scroll={{ x: 1500 }}
          loading={tasks.loading}
          dataSource={tasks.rows}
          pagination={tasks.pagination}
          locale={empty}
          columns={[
            {
              title: '任务编号',
              dataIndex: 'taskSn',
              width: 170,
              fixed: 'left',
              // opens the 任务详情 dialog (1200) over the report
              render: (taskSn: string, row) => (
                <Button
                  type="link"
                  size="small"
                  className="report-task-link"
                  onClick={() => setTaskDetail({ taskId: row.taskId, open: true })}
                >
                  {taskSn}
                </Button>
              ),
            },
            { title: '项目名称', dataIndex: 'projectName', width: 160, ellipsis: true },
            { title: '服务类型', dataIndex: 'visitType', width: 110 },
            { title: '任务人员', dataIndex: 'userName', width: 90 },
            { title: '手机号码', dataIndex: 'userPhone', width: 120 },
            { title: '完成时间', dataIndex: 'endTime', width: 160, render: (value: string) => value || '-' },
            { title: '客户/微信', key: 'customer', width: 130, render: (_value, row) => <CustomerCell row={row} /> },
            {
              title: '终端',
              dataIndex: 'orgName',
              width: 150,
              ellipsis: true,
              render: (value: string) => value || '-',
            },
            {
              title: '产品',
              dataIndex: 'productName',
              width: 130,
              ellipsis: true,
              render: (value: string) => value || '-',
            },
            { title: '任务状态', dataIndex: 'finishStatus_dictText', width: 90 },
            { title: '审核状态', dataIndex: 'auditStatus_dictText', width: 90 },
            {
              title: '结算金额',
              dataIndex: 'price',
              width: 100,
              align: 'right',
              render: (price: string) => yuanText(price),
            },
          ]}
        />
      ),
    });
  if (overview.fileList.length > 0)
    sections.push({
      title: '附件',
      body: (
        <ul className="report-files">
          {overview.fileList.map((file) => (
            <li key={file.fileAddress}>
              <Button type="link" size="small" onClick={() => void openStoredFile(file.fileAddress, 'attachment')}>
                {file.fileName}
              </Button>
              <span className="report-muted">{fileSizeLabel(file.fileSize)}</span>
            </li>
          ))}
        </ul>
      ),
    });
  if (!questionnaire)
    sections.push({
      title: '其他构成',
      body: (
        <>
          {overview.reportFileList.length === 0 && !editable && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MSG.emptyList} />
          )}
          {overview.reportFileList.map((file) => (
            <div key={file.fileAddress} className="report-pdf">
              <div className="report-pdf-name">{file.fileName}</div>
              <PdfViewer address={file.fileAddress} width={1080} />
            </div>
          ))}
          {editable && (
            <FileUpload
              scene="settleReport"
              policy={policy}
              value={files}
              onChange={onFilesChange}
              uploadPath={REPORT_UPLOAD.uploadPath}
              recordId={String(settlementId)}
              buttonText="上传报告文件"
              hint="仅支持PDF格式，单个文件不超过5M；上传后点击“重新生成报告单”生效"
            />
          )}
        </>
      ),
    });
  let questionNo = 0;
  for (const group of questions)
    for (const question of group.questions) {
      const index = questionNo++;
      sections.push({
        title: `第${index + 1}题 ${question.name}（${question.typeName}）`,
        body: <QuestionSection question={question} index={index} />,
      });
    }

  return (
    <div className="report-body">
      {sections.map((section, index) => (
        <Section key={section.title} no={index + 1} title={section.title}>
          {section.body}
        </Section>
      ))}
      <ReportFooter />
      <TaskDetailDialog
        taskId={taskDetail.taskId}
        open={taskDetail.open}
        onClose={() => setTaskDetail((shown) => ({ ...shown, open: false }))}
      />
    </div>
  );
}

const toItem = (file: ReportFile): AttachmentItem => ({
  name: file.fileName,
  address: file.fileAddress,
  fileSize: file.fileSize,
  fileType: file.fileType,
  delFlag: 0,
});

export function SettlementReportDialog({ open, settlement, editable, onClose }: SettlementReportDialogProps) {
  const settlementId = settlement?.id ?? 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const side = useSession((state) => state.side);
  const loaded = useQuery({
    queryKey: reportKey(settlementId),
    queryFn: () => loadReport(settlementId),
    enabled: open && settlementId > 0,
  });
  // the PDF is made by a job: the overview is asked again until it is there
  const generating = loaded.data?.overview.reportStatus === 1;
  const overview = useQuery({
    queryKey: [...reportKey(settlementId), 'overview'],
    queryFn: () => fetchReportOverview(settlementId),
    enabled: open && generating,
    refetchInterval: (query) => (query.state.data?.reportStatus === 2 ? false : GENERATING_REFRESH_MS),
  });
  const current: Loaded | undefined = useMemo(() => {
    if (!loaded.data) return undefined;
    const fresh: ReportOverview | undefined = overview.data;
    return fresh && fresh.reportStatus === 2 ? { ...loaded.data, overview: fresh } : loaded.data;
  }, [loaded.data, overview.data]);
  const [files, setFiles] = useState<AttachmentItem[]>([]);
  const [busy, setBusy] = useState(false);
  // the saved report files, each time they change on the server (not on every refresh)
  const savedFiles = current?.overview.reportFileList;
  const savedKey = savedFiles?.map((file) => file.fileAddress).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list
  useEffect(() => {
    if (savedFiles) setFiles(savedFiles.map(toItem));
  }, [savedKey]);

  const reportSn = current?.overview.settlementSn ?? '';
  const ready = reportSn !== '';

  const regenerate = async () => {
    setBusy(true);
    try {
      const active = files.filter((item) => item.delFlag !== 1);
      const message = await regenerateReport(
        settlementId,
        active.map((item) => ({
          fileName: item.name,
          fileType: item.fileType ?? 'pdf',
          fileAddress: item.address,
          fileSize: item.fileSize ?? 0,
        })),
      );
      notifier().success(message);
      await queryClient.invalidateQueries({ queryKey: reportKey(settlementId) });
      onClose();
    } catch {
      // the request layer showed the server's message as a warning
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    setBusy(true);
    try {
      await requestReportDownload(settlementId);
      onClose();
      navigate(side === 'enterprise' ? ORDER_GENERATE_CACHE_PATH : DOWNLOAD_LOG_PATH);
    } catch {
      // the request layer showed the server's message as a warning
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="报告预览"
      width={DIALOG_WIDTH.reportPreview}
      mask={{ closable: false }}
      onCancel={onClose}
      destroyOnHidden
      className="report-dialog"
      footer={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          {editable && (
            <Button onClick={() => void regenerate()} loading={busy} disabled={!ready}>
              重新生成报告单
            </Button>
          )}
          <Button type="primary" onClick={() => void download()} loading={busy} disabled={!ready}>
            下载
          </Button>
        </Space>
      }
    >
      {loaded.isError ? (
        <LoadFailedAlert what="报告" onRetry={() => void loaded.refetch()} />
      ) : !current || !ready ? (
        <ReportLoading />
      ) : (
        <ReportBody
          settlementId={settlementId}
          loaded={current}
          editable={editable}
          files={files}
          onFilesChange={setFiles}
        />
      )}
    </Modal>
  );
}
