import type { ReportOverview, ReportQuestionGroup, ReportTaskRow } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import { customerDetail } from '../customers/testing';
import { taskDetailFixture } from '../tasks/task-fixtures';
import { SettlementReportDialog } from './SettlementReportDialog';

const calls = vi.hoisted(() => ({
  reportKey: (id: number) => ['settlements', 'report', id],
  fetchReportProducts: vi.fn(),
  fetchReportTasks: vi.fn(),
  fetchReportOverview: vi.fn(),
  fetchReportQuestions: vi.fn(),
  fetchReportTaskTypes: vi.fn(),
  fetchReportPersons: vi.fn(),
  requestReportDownload: vi.fn(),
  regenerateReport: vi.fn(),
}));
vi.mock('./settlement-report-calls', () => calls);
const customerCalls = vi.hoisted(() => ({
  customerDetailKey: (id: number) => ['customer', 'detail', id],
  checkCustomerVerification: vi.fn(),
  fetchCustomerDetail: vi.fn(),
  reviewCustomer: vi.fn(),
  reviewCustomerCertificate: vi.fn(),
}));
vi.mock('../customers/customer-calls', () => customerCalls);
const taskCalls = await vi.hoisted(async () => (await import('../tasks/task-fixtures')).mockTaskCalls());
vi.mock('../tasks/task-calls', () => taskCalls);
/** The option each chart was drawn with, by its label. */
const charts = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../../components/EChart', () => ({
  EChart: ({ label, option }: { label: string; option: unknown }) => {
    charts.set(label, option);
    return <div>{label}</div>;
  },
}));

/** What a chart's tooltip says over one of its data items. */
function tooltipOver(label: string, index: number): string {
  const option = charts.get(label) as {
    tooltip: { formatter(params: unknown): string };
    series: Array<{ data: Array<{ name: string; value: number }> }>;
  };
  const data = option.series[0].data[index];
  return option.tooltip.formatter({ name: data.name, value: data.value, data });
}
vi.mock('../../components/upload/PdfViewer', () => ({
  PdfViewer: ({ address }: { address: string }) => <div>PDF预览:{address}</div>,
}));
vi.mock('../../components/upload/use-manager-file-size', () => ({ useManagerFileSizeMb: () => 10 }));
const navigate = vi.hoisted(() => vi.fn());
vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useNavigate: () => navigate,
}));

const settlement = { id: 12, settlementSn: 'JS2611220000001' };

const overview = (changes: Partial<ReportOverview> = {}): ReportOverview => ({
  settlementId: 12,
  settlementSn: 'BG2026112200000012',
  orderSn: 'JS2611220000001',
  address: 't3/abc.pdf',
  reportStatus: 2,
  visitTypeId: 'cgfw',
  visitTypeValue: '采购服务',
  enterpriseName: '杭州星联医药科技有限公司',
  tenantName: '华东众包服务平台',
  projectName: '全渠道终端服务示范项目',
  projectStatus: 4,
  projectStatusLabel: '进行中',
  startTime: '2026-11-10 10:00:00',
  endTime: '2026-11-12 16:00:00',
  totalTask: 4,
  totalPersonNum: 2,
  orgNum: 2,
  productNum: 2,
  amount: '795.00',
  taskAmount: '750.00',
  fee: '45.00',
  generateTime: '2026-11-22 10:00:00',
  fileList: [],
  reportFileList: [],
  ...changes,
});

const task: ReportTaskRow = {
  taskId: 501,
  taskSn: 'RW20261110001',
  projectName: '全渠道终端服务示范项目',
  visitType: '采购服务',
  userName: '周志强',
  userPhone: '137****0001',
  endTime: '2026-11-10 10:00:00',
  cusList: [{ cusName: '王药师' }],
  cusId: 77,
  cusIsAuth: 1,
  orgName: '仁和大药房',
  productName: '复方感冒灵颗粒',
  finishStatus_dictText: '已提交',
  auditStatus_dictText: '审核通过',
  price: '200.00',
};

const survey: ReportQuestionGroup[] = [
  {
    contentId: 3,
    title: '店员用药知识小调研',
    questions: [
      {
        questionId: 1,
        name: '您常推荐的品类',
        typeName: '多选',
        type: 11,
        totalNum: 3,
        detailVoList: [
          { readingKey: '感冒药', readingValue: 2, ratio: '66.67' },
          { readingKey: '维生素', readingValue: 1, ratio: '33.33' },
        ],
      },
      { questionId: 2, name: '您的建议', typeName: '长文本', type: 100, totalNum: 2, detailVoList: [] },
    ],
  },
];

function full() {
  calls.fetchReportProducts.mockResolvedValue({
    records: [
      {
        productName: '复方感冒灵颗粒',
        productGuige: '10g*9袋',
        productFactory: '华润三九',
        productNum: 3,
        amount: '600.00',
      },
    ],
    total: 1,
  });
  calls.fetchReportTasks.mockResolvedValue({ records: [task], total: 1 });
  calls.fetchReportOverview.mockResolvedValue(
    overview({
      fileList: [{ fileName: '结算补充说明.pdf', fileType: 'pdf', fileAddress: 't3/note.pdf', fileSize: 2048 }],
      reportFileList: [
        { fileName: '门店陈列检查说明.pdf', fileType: 'pdf', fileAddress: 't3/display.pdf', fileSize: 4096 },
      ],
    }),
  );
  calls.fetchReportTaskTypes.mockResolvedValue([
    {
      visitTypeId: 'cgfw',
      visitTypeValue: '采购服务',
      taskTypeValue: '采购服务',
      taskRemark: '门店采购',
      taskNum: 3,
      amount: '600.00',
    },
    {
      visitTypeId: 'cgfw',
      visitTypeValue: '采购服务',
      taskTypeValue: '采购服务',
      taskRemark: '补货',
      taskNum: 1,
      amount: '150.00',
    },
  ]);
  calls.fetchReportPersons.mockResolvedValue({
    records: [
      { userId: 1, userName: '周志强', productNum: 1, orgNum: 1, userNum: 3, amount: '600.00' },
      { userId: 2, userName: '吴晓峰', productNum: 1, orgNum: 1, userNum: 1, amount: '150.00' },
    ],
    total: 2,
  });
  calls.fetchReportQuestions.mockResolvedValue(survey);
}

/** The dialog of a title (the tests' useId gives every dialog the same labelling id). */
const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('[role="dialog"]') as HTMLElement;
const dialogShown = (title: string) => screen.queryByText(title, { selector: '.ant-modal-title' }) !== null;

/** The verified customer the badge opens. */
const verifiedCustomer = customerDetail({
  id: 77,
  cusName: '王药师',
  cusType: 'pharmacy',
  cusTypeName: '药店',
  sex: 2,
  orgName: '仁和大药房',
  department: '',
  department_dic: '',
  posit: '店长',
  title: '',
  createByString: '周敏',
  certNo: '',
  certImage: '',
});

const sectionTitles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent?.replace(/\s+/g, ' ').trim());

beforeEach(() => {
  vi.resetAllMocks();
  charts.clear();
  calls.reportKey = (id: number) => ['settlements', 'report', id];
  signedInAs('enterprise', 2);
});

describe('SettlementReportDialog', () => {
  it('loads in order behind the loading image, then shows every section the data has', async () => {
    full();
    const onClose = vi.fn();
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={onClose} />);
    expect(screen.getByText('报告预览')).toBeTruthy();
    // 1200 wide, and a click outside does not close it
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    fireEvent.click(document.querySelector('.ant-modal-wrap') as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('status', { name: '报告加载中' })).toBeTruthy();
    await screen.findByText('BG2026112200000012');
    expect(sectionTitles()).toEqual([
      '一、整体总览',
      '二、任务场景明细',
      '三、推广产品构成',
      '四、推广人员构成',
      '五、推广任务明细构成',
      '六、附件',
      '七、其他构成',
    ]);
    // the spec's order: products, task details, overview; no questionnaire for a non-survey report
    const order = [calls.fetchReportProducts, calls.fetchReportTasks, calls.fetchReportOverview].map(
      (fn) => fn.mock.invocationCallOrder[0],
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(calls.fetchReportQuestions).not.toHaveBeenCalled();
    // the merged 服务类型 cell, the pie past one row, the bars
    const scenes = screen.getByRole('region', { name: '任务场景明细' });
    expect(within(scenes).getAllByText('采购服务')[0].closest('td')?.getAttribute('rowspan')).toBe('2');
    expect(screen.getByText('任务场景构成图')).toBeTruthy();
    // one product: no bars; two persons: the horizontal bars
    expect(screen.queryByText('推广产品构成图')).toBeNull();
    expect(screen.getByText('推广人员构成图')).toBeTruthy();
    // the task number opens the 任务详情 dialog; the report files as PDFs and the uploader
    expect(screen.getByRole('button', { name: 'RW20261110001' })).toBeTruthy();
    expect(screen.getByText('PDF预览:t3/display.pdf')).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传报告文件/ })).toBeTruthy();
    expect(screen.getByText('结算补充说明.pdf')).toBeTruthy();
    expect(screen.getByText('随时随地，接单赚钱')).toBeTruthy();
    expect((screen.getByRole('button', { name: '下 载' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says the report could not load and loads it again on 重新加载', async () => {
    full();
    calls.fetchReportProducts.mockRejectedValueOnce(new Error('网络异常'));
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={vi.fn()} />);
    expect(await screen.findByText('报告加载失败', {}, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByText('重新加载').closest('button') as HTMLElement);
    await screen.findByText('BG2026112200000012', {}, { timeout: 15_000 });
    expect(screen.queryByText('报告加载失败')).toBeNull();
  });

  it("labels the project's status as spec 2 §9 lists them", async () => {
    full();
    const labels: Record<number, string> = {
      0: '待审核',
      1: '未通过',
      2: '已结束',
      3: '已暂停',
      4: '进行中',
      5: '未知',
      6: '审核中',
    };
    for (const [status, label] of Object.entries(labels)) {
      calls.fetchReportOverview.mockResolvedValue(overview({ projectStatus: Number(status) }));
      const view = renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={vi.fn()} />);
      await screen.findByText('BG2026112200000012');
      const overviewSection = screen.getByRole('region', { name: '整体总览' });
      expect(within(overviewSection).getByText(label).closest('.status-tag')).toBeTruthy();
      view.unmount();
    }
  });

  it('pages the persons 30 at a time and the task detail 10 at a time', async () => {
    full();
    calls.fetchReportTasks.mockImplementation(async (_id: number, pageNo = 1) => ({
      records: Array.from({ length: pageNo === 1 ? 10 : 2 }, (_, index) => ({
        ...task,
        taskSn: `RW${pageNo}-${index}`,
      })),
      total: 12,
    }));
    calls.fetchReportPersons.mockImplementation(async (_id: number, pageNo = 1) => ({
      records: Array.from({ length: pageNo === 1 ? 30 : 1 }, (_, index) => ({
        userId: index + 1,
        userName: `人员${pageNo}-${index}`,
        productNum: 1,
        orgNum: 1,
        userNum: 1,
        amount: '10.00',
      })),
      total: 31,
    }));
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={vi.fn()} />);
    await screen.findByText('RW1-0', {}, LONG);
    const taskTable = screen.getByText('RW1-0').closest('.ant-table-wrapper') as HTMLElement;
    fireEvent.click(within(taskTable).getByTitle('2'));
    await waitFor(() => expect(calls.fetchReportTasks).toHaveBeenCalledWith(12, 2, 10));
    const personTable = screen.getByText('人员1-0').closest('.ant-table-wrapper') as HTMLElement;
    fireEvent.click(within(personTable).getByTitle('2'));
    await waitFor(() => expect(calls.fetchReportPersons).toHaveBeenCalledWith(12, 2, 30));
  });

  it('shows yuan in the tooltips of the money charts', async () => {
    full();
    calls.fetchReportProducts.mockResolvedValue({
      records: [
        {
          productName: '复方感冒灵颗粒',
          productGuige: '10g*9袋',
          productFactory: '华润三九',
          productNum: 3,
          amount: '600.00',
        },
        { productName: '维生素C片', productGuige: '100片', productFactory: '养生堂', productNum: 1, amount: '150.00' },
      ],
      total: 2,
    });
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={vi.fn()} />);
    await screen.findByText('BG2026112200000012');
    expect(tooltipOver('任务场景构成图', 0)).toBe('采购服务<br/>3次<br/>¥600.00');
    expect(tooltipOver('推广产品构成图', 1)).toBe('维生素C片<br/>1次<br/>¥150.00');
    expect(tooltipOver('推广人员构成图', 0)).toBe('周志强<br/>3次<br/>¥600.00');
  });

  it('draws a question chart for 2 to 10 options only', async () => {
    full();
    const options = (n: number) =>
      Array.from({ length: n }, (_, index) => ({ readingKey: `选项${index + 1}`, readingValue: 1, ratio: '10.00' }));
    const question = (questionId: number, n: number) => ({
      questionId,
      name: `${n}个选项的题`,
      typeName: '单选',
      type: 10,
      totalNum: n,
      detailVoList: options(n),
    });
    calls.fetchReportOverview.mockResolvedValue(overview({ visitTypeId: 'p-wjdy', visitTypeValue: '问卷调研' }));
    calls.fetchReportQuestions.mockResolvedValue([
      { contentId: 4, title: '选项数', questions: [question(1, 1), question(2, 2), question(3, 10), question(4, 11)] },
    ]);
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={vi.fn()} />);
    await screen.findByText('BG2026112200000012');
    expect(screen.queryByText('第1题统计图')).toBeNull();
    expect(screen.getByText('第2题统计图')).toBeTruthy();
    expect(screen.getByText('第3题统计图')).toBeTruthy();
    expect(screen.queryByText('第4题统计图')).toBeNull();
    // the counts are no money: no yuan in their tooltips
    expect(tooltipOver('第2题统计图', 0)).toBe('选项1<br/>1次');
  });

  it('leaves out products, task details, attachments and other parts without data; 暂无数据 in empty tables', async () => {
    calls.fetchReportProducts.mockResolvedValue({ records: [], total: 0 });
    calls.fetchReportTasks.mockResolvedValue({ records: [], total: 0 });
    calls.fetchReportOverview.mockResolvedValue(overview());
    calls.fetchReportTaskTypes.mockResolvedValue([
      {
        visitTypeId: 'cgfw',
        visitTypeValue: '采购服务',
        taskTypeValue: '采购服务',
        taskRemark: '',
        taskNum: 1,
        amount: '1.00',
      },
    ]);
    calls.fetchReportPersons.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable={false} onClose={vi.fn()} />);
    await screen.findByText('BG2026112200000012');
    expect(sectionTitles()).toEqual(['一、整体总览', '二、任务场景明细', '三、推广人员构成', '四、其他构成']);
    // one row: no pie
    expect(screen.queryByText('任务场景构成图')).toBeNull();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    // the platform side (not editable) has no regenerate button
    expect(screen.queryByRole('button', { name: '重新生成报告单' })).toBeNull();
  });

  it('shows a questionnaire report: 第N题 with the option table, the multi-choice note, 详见附件; no 其他构成', async () => {
    full();
    calls.fetchReportOverview.mockResolvedValue(overview({ visitTypeId: 'p-wjdy', visitTypeValue: '问卷调研' }));
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={vi.fn()} />);
    await screen.findByText('BG2026112200000012');
    expect(calls.fetchReportQuestions).toHaveBeenCalledWith(12);
    const titles = sectionTitles();
    expect(titles).not.toContain('其他构成');
    expect(titles.slice(-2)).toEqual(['六、第1题 您常推荐的品类（多选）', '七、第2题 您的建议（长文本）']);
    expect(screen.getByText('本题有效填写次数')).toBeTruthy();
    expect(screen.getByText('66.67%')).toBeTruthy();
    expect(screen.getByText(/故各选项比例之和可能超过100%/)).toBeTruthy();
    expect(screen.getByText('第1题统计图')).toBeTruthy();
    expect(screen.getByText('本题有效填写次数：2（详见附件）')).toBeTruthy();
  });

  it('keeps 下载 disabled until the report number exists', async () => {
    full();
    calls.fetchReportOverview.mockResolvedValue(overview({ settlementSn: '' }));
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={vi.fn()} />);
    await waitFor(() => expect(calls.fetchReportOverview).toHaveBeenCalled());
    expect(screen.getByRole('status', { name: '报告加载中' })).toBeTruthy();
    expect((screen.getByRole('button', { name: '下 载' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '重新生成报告单' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('regenerates with the saved report files and closes; 下载 goes to the cache list', async () => {
    full();
    calls.regenerateReport.mockResolvedValue('正在生成确认单，请稍后进行下载');
    calls.requestReportDownload.mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={onClose} />);
    await screen.findByText('BG2026112200000012');
    fireEvent.click(screen.getByRole('button', { name: '重新生成报告单' }));
    await waitFor(() =>
      expect(calls.regenerateReport).toHaveBeenCalledWith(12, [
        { fileName: '门店陈列检查说明.pdf', fileType: 'pdf', fileAddress: 't3/display.pdf', fileSize: 4096 },
      ]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // the buttons leave their loading state (a loading button reads 下载, without the space)
    fireEvent.click(await screen.findByRole('button', { name: '下 载' }));
    await waitFor(() => expect(calls.requestReportDownload).toHaveBeenCalledWith(12));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/company/catchSystem/orderGenerateCache'));
  });

  it('opens the task detail of a task number in a 1200-wide dialog over the report; closing returns to it', async () => {
    full();
    taskCalls.fetchTaskDetail.mockResolvedValue(
      taskDetailFixture({ id: 501, taskId: 501, taskSn: 'RW20261110001', title: '门店采购服务' }),
    );
    taskCalls.fetchMaterialRecords.mockResolvedValue({ records: [], total: 0 });
    const onClose = vi.fn();
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'RW20261110001' }));
    const detail = await dialogTitled('任务详情');
    expect((detail.closest('.ant-modal') as HTMLElement).style.width).toBe('1200px');
    expect(await within(detail).findByText('门店采购服务')).toBeTruthy();
    expect(taskCalls.fetchTaskDetail).toHaveBeenCalledWith(501);
    expect(within(detail).getByText('人员信息')).toBeTruthy();
    expect(within(detail).getByTestId('task-map')).toBeTruthy();
    // the list dialog (730) opens above the task detail, whose own root comes after the report's
    fireEvent.click(within(detail).getByRole('button', { name: '已打开资料 3 份' }));
    const records = await dialogTitled('资料打开记录');
    const rootOf = (dialog: HTMLElement) =>
      [...document.querySelectorAll('.ant-modal-root')].indexOf(dialog.closest('.ant-modal-root') as Element);
    const report = await dialogTitled('报告预览');
    expect(rootOf(report)).toBeLessThan(rootOf(detail));
    expect(rootOf(detail)).toBeLessThan(rootOf(records));
    fireEvent.click(within(records).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(dialogShown('资料打开记录')).toBe(false));
    // so does the customer verification (780) of the client's 已认证 badge
    customerCalls.checkCustomerVerification.mockResolvedValue({ id: 88 });
    customerCalls.fetchCustomerDetail.mockResolvedValue(verifiedCustomer);
    fireEvent.click(within(detail).getByRole('button', { name: /已认证/ }));
    const customer = await dialogTitled('客户详情');
    expect(customerCalls.checkCustomerVerification).toHaveBeenCalledWith(88);
    expect((customer.closest('.ant-modal') as HTMLElement).style.width).toBe('780px');
    expect(rootOf(detail)).toBeLessThan(rootOf(customer));
    fireEvent.click(within(customer).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(dialogShown('客户详情')).toBe(false));
    // 打印 prints the task detail alone: the report beneath is left out while printing, then back
    const printed: Array<{ printing: boolean; reportSkipped: boolean; detailSkipped: boolean }> = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      printed.push({
        printing: document.body.classList.contains('printing-dialog'),
        reportSkipped: report.closest('.ant-modal-root')?.classList.contains('print-skip') ?? false,
        detailSkipped: detail.closest('.ant-modal-root')?.classList.contains('print-skip') ?? false,
      });
    });
    fireEvent.click(within(detail).getByRole('button', { name: /打\s*印/ }));
    expect(printed).toEqual([{ printing: true, reportSkipped: true, detailSkipped: false }]);
    await waitFor(() => expect(document.body.classList.contains('printing-dialog')).toBe(false));
    expect(report.closest('.ant-modal-root')?.classList.contains('print-skip')).toBe(false);
    print.mockRestore();
    // 关闭 of the task detail: back to the report, which stays open
    fireEvent.click(within(detail).getByRole('button', { name: '关 闭' }));
    await waitFor(() => expect(dialogShown('任务详情')).toBe(false));
    expect(dialogShown('报告预览')).toBe(true);
    expect(screen.getByText('BG2026112200000012')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('opens the customer verification info from the verified badge', async () => {
    full();
    customerCalls.checkCustomerVerification.mockResolvedValue({ id: 77 });
    customerCalls.fetchCustomerDetail.mockResolvedValue(verifiedCustomer);
    renderWithQuery(<SettlementReportDialog open settlement={settlement} editable onClose={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: /已认证/ }));
    await waitFor(() => expect(customerCalls.checkCustomerVerification).toHaveBeenCalledWith(77));
    expect(await screen.findByText('店长')).toBeTruthy();
    expect(screen.getAllByText('仁和大药房').length).toBeGreaterThan(0);
  });
});
