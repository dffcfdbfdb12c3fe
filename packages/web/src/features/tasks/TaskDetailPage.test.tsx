import type { SurveyDetail } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { useSession } from '../../app/session-store';
import { renderWithQuery, signedInAs, Where } from '../../components/list/testing';
import { ApiError } from '../../api/http';
import { SurveyDetailDialog } from './SurveyDetailDialog';
import TaskDetailPage from './TaskDetailPage';
import { taskDetailFixture as detail } from './task-fixtures';
import { showsAutoAuditReasons, TaskDetailView } from './TaskDetailView';

const taskCalls = await vi.hoisted(async () => (await import('./task-fixtures')).mockTaskCalls());
vi.mock('./task-calls', () => taskCalls);

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  taskCalls.reverseGeocode.mockResolvedValue({ address: '浙江省杭州市西湖区', source: 'offline' });
  taskCalls.downloadTaskAttachments.mockResolvedValue(undefined);
});

describe('task detail', () => {
  it('lays out person, client with its badge, product, info, records, attachments and the AI reasons', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderWithQuery(<TaskDetailView task={detail()} />);
    expect(screen.getByText('人员信息')).toBeTruthy();
    expect(screen.getByText('赵强')).toBeTruthy();
    expect(screen.getByText('已认证')).toBeTruthy();
    expect(screen.getByText('浙江省 杭州市 西湖区')).toBeTruthy();
    // procurement service: start and end records, the distance to the planned point
    expect(screen.getByText('开始记录')).toBeTruthy();
    expect(screen.getByText('结束记录')).toBeTruthy();
    expect(screen.getAllByText('2.0 公里').length).toBeGreaterThan(0);
    expect(screen.getByText('货架照片')).toBeTruthy();
    const reasons = screen.getByText('AI审核驳回原因').closest('.ant-card') as HTMLElement;
    expect(within(reasons).getByText('服务时长不足10分钟（实际5分钟）')).toBeTruthy();
    // the map draws the planned point and the check-in with its distance
    const map = screen.getByTestId('task-map');
    await waitFor(() => expect(map.querySelectorAll('path.leaflet-interactive').length).toBe(2));
    expect(map.textContent).toContain('签到地点 · 距计划地点2.0 公里');
    fireEvent.click(screen.getByRole('button', { name: /打印/ }));
    expect(print).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /下载照片及附件/ }));
    expect(taskCalls.downloadTaskAttachments).toHaveBeenCalledWith(41, 'RW2026110200000041');
  });

  it('draws the reported positions as the track, with their count in the legend', async () => {
    const positions = [
      {
        lat: 30.2812,
        lon: 120.1253,
        address: '文三路 488 号',
        distance: 400,
        reportedAt: Date.UTC(2026, 10, 2, 1, 40),
      },
      {
        lat: 30.2866,
        lon: 120.1253,
        address: '文三路 500 号',
        distance: 1000,
        reportedAt: Date.UTC(2026, 10, 2, 1, 50),
      },
    ];
    const { unmount } = renderWithQuery(<TaskDetailView task={detail({ positionRecords: positions })} />);
    const map = screen.getByTestId('task-map');
    await waitFor(() => expect(map.querySelectorAll('path.task-map-track-point').length).toBe(2));
    // the planned point, the check-in and the two positions answer clicks; the way itself does not
    expect(map.querySelectorAll('path.leaflet-interactive').length).toBe(4);
    expect(screen.getByText('轨迹点（2个）')).toBeTruthy();
    unmount();
    // a track alone (no planned point, no check-in yet) still has a map
    renderWithQuery(
      <TaskDetailView task={detail({ lat: null, lon: null, signIn: null, positionRecords: positions.slice(0, 1) })} />,
    );
    expect(screen.queryByText('暂无位置数据')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('task-map').querySelectorAll('path.task-map-track-point').length).toBe(1),
    );
    expect(screen.getByText('轨迹点（1个）')).toBeTruthy();
  });

  it('the routed page loads the task of ?id= with 返回; a missing one offers 返回任务列表', async () => {
    taskCalls.fetchTaskDetail.mockResolvedValue(detail());
    const { unmount } = renderWithQuery(<TaskDetailPage />, { at: '/projectManage/task/detail?id=41' });
    expect(await screen.findByText('人员信息')).toBeTruthy();
    expect(taskCalls.fetchTaskDetail).toHaveBeenCalledWith(41);
    expect(screen.getByRole('button', { name: /返\s*回/ })).toBeTruthy();
    // without the persons' code the person who took it is plain text
    expect(screen.queryByRole('button', { name: '赵强' })).toBeNull();
    unmount();
    // with it, 服务人员 opens the person's detail
    useSession.setState({ permList: ['personalAccountManage:list:view'] });
    const withPersons = renderWithQuery(
      <Routes>
        <Route path="/projectManage/task/detail" element={<TaskDetailPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { at: '/projectManage/task/detail?id=41' },
    );
    fireEvent.click(await screen.findByRole('button', { name: '赵强' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/personManage/person/detail?id=5');
    withPersons.unmount();
    taskCalls.fetchTaskDetail.mockRejectedValue(new ApiError('任务不存在', 404, null, 404));
    renderWithQuery(<TaskDetailPage />, { at: '/projectManage/task/detail?id=42' });
    expect(await screen.findByText('任务不存在')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回任务列表' })).toBeTruthy();
  });

  it('hides the AI reasons for audit status 2 and 4', () => {
    expect(showsAutoAuditReasons({ remarks: '未签到', auditStatus: 2 })).toBe(false);
    expect(showsAutoAuditReasons({ remarks: '未签到', auditStatus: 4 })).toBe(false);
    expect(showsAutoAuditReasons({ remarks: '', auditStatus: 1 })).toBe(false);
    expect(showsAutoAuditReasons({ remarks: '未签到', auditStatus: 3 })).toBe(true);
    renderWithQuery(<TaskDetailView task={detail({ auditStatus: 2 })} />);
    expect(screen.queryByText('AI审核驳回原因')).toBeNull();
  });

  it('opens the 730-wide list dialog of material openings, 10 a page', async () => {
    taskCalls.fetchMaterialRecords.mockResolvedValue({
      records: [
        {
          id: 1,
          materialName: '产品说明书',
          productNames: '阿莫西林胶囊',
          openTime: Date.UTC(2026, 10, 2, 1),
          duration: 95,
        },
      ],
      total: 1,
    });
    renderWithQuery(<TaskDetailView task={detail()} />);
    fireEvent.click(screen.getByRole('button', { name: '已打开资料 3 份' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('资料打开记录')).toBeTruthy();
    expect(await within(dialog).findByText('产品说明书')).toBeTruthy();
    expect(within(dialog).getByText('00:01:35')).toBeTruthy();
    expect(within(dialog).getByText('2026-11-02 09:00:00')).toBeTruthy();
    expect(taskCalls.fetchMaterialRecords).toHaveBeenCalledWith(41, 1);
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('730px');
  });

  it('shows call records for a phone visit', async () => {
    taskCalls.fetchCallRecords.mockResolvedValue({
      records: [{ id: 1, callType: 1, phoneNumber: '057188001234', callTime: Date.UTC(2026, 10, 2, 1), duration: 186 }],
      total: 12,
    });
    renderWithQuery(<TaskDetailView task={detail({ visitTypeId: 'dhbf', visitType: '电话拜访', callsNumber: 12 })} />);
    fireEvent.click(screen.getByRole('button', { name: '通话记录 12 条' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('057188001234')).toBeTruthy();
    expect(within(dialog).getByText('呼出')).toBeTruthy();
    // 12 records: the pager shows
    expect(dialog.querySelector('.ant-pagination')).toBeTruthy();
  });

  it('has the meeting layout: attendee table for a department meeting, headcount otherwise', () => {
    const { unmount } = renderWithQuery(
      <TaskDetailView
        task={detail({
          visitTypeId: 'xueShu_keShi',
          visitType: '学术会议(科室会)',
          parentVisitType: 'p-xueShu',
          cusList: [{ cusName: '周明', departmentName: '心内科', authStatus: 1, certNo: '110330100012345' }],
          photoGroups: [],
          signIn: null,
        })}
      />,
    );
    expect(screen.getByText('会议信息')).toBeTruthy();
    const attendees = screen.getByText('参会人员').closest('.ant-card') as HTMLElement;
    expect(within(attendees).getByText('周明')).toBeTruthy();
    expect(within(attendees).getByText('是')).toBeTruthy();
    expect(within(attendees).getByText('110330100012345')).toBeTruthy();
    // no photos: 无数据 in place of the download link
    expect(screen.getByText('无数据')).toBeTruthy();
    unmount();
    renderWithQuery(
      <TaskDetailView task={detail({ visitTypeId: 'xueShu_chengShi', parentVisitType: 'p-xueShu', custNum: 36 })} />,
    );
    expect(screen.getByText('36人')).toBeTruthy();
    expect(screen.queryByText('参会人员')).toBeNull();
  });

  it('has no print button for a survey and opens its submission detail', async () => {
    taskCalls.fetchSurveyDetail.mockResolvedValue({
      record: { title: '店员认知调研', userName: '赵强', userPhone: '', phoneVerify: 0, actTime: null },
      questions: [],
    });
    renderWithQuery(
      <TaskDetailView
        task={detail({
          visitTypeId: 'wjdy',
          visitType: '问卷调研',
          resourceTitle: '店员认知调研',
          surveyAnswered: true,
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: /打印/ })).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: /提交详情/ })[0]);
    expect(await screen.findByText('答题人：赵强')).toBeTruthy();
  });
});

const survey = (phoneVerify: number): SurveyDetail => ({
  record: {
    title: '店员认知调研',
    userName: '赵强',
    userPhone: phoneVerify === 1 ? '13800000001' : '',
    phoneVerify,
    actTime: Date.UTC(2026, 10, 2, 2, 30),
  },
  questions: [
    {
      id: 1,
      subjectType: 10,
      subjectName: '门店类型',
      subjectContent: '',
      content: '',
      optionList: [
        { id: 0, optionNo: 'A', optionContent: '连锁', isSelected: false, address: '', type: 1, content: '' },
        { id: 1, optionNo: 'B', optionContent: '单体', isSelected: true, address: '', type: 1, content: '' },
      ],
      picList: [],
    },
    {
      id: 2,
      subjectType: 103,
      subjectName: '以下为满意度部分',
      subjectContent: '请如实作答',
      content: '',
      optionList: [],
      picList: [],
    },
    {
      id: 3,
      subjectType: 13,
      subjectName: '服务满意度',
      subjectContent: '',
      content: '4',
      optionList: [],
      picList: [],
    },
    {
      id: 4,
      subjectType: 102,
      subjectName: '关注的品类',
      subjectContent: '',
      content: '儿童用药',
      optionList: [
        { id: 0, optionNo: 'A', optionContent: '感冒药', isSelected: true, address: '', type: 1, content: '' },
        { id: 1, optionNo: 'B', optionContent: '其他', isSelected: true, address: '', type: 2, content: '儿童用药' },
      ],
      picList: [],
    },
    {
      id: 5,
      subjectType: 100,
      subjectName: '其他建议',
      subjectContent: '',
      content: '希望增加培训',
      optionList: [],
      picList: [],
    },
    { id: 6, subjectType: 17, subjectName: '门店照片', subjectContent: '', content: '', optionList: [], picList: [] },
  ],
});

describe('survey submission detail dialog', () => {
  it('numbers the questions and answers each by its type; no phone without verification', async () => {
    taskCalls.fetchSurveyDetail.mockResolvedValue(survey(0));
    renderWithQuery(<SurveyDetailDialog taskId={41} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提交详情')).toBeTruthy();
    expect((dialog.closest('.ant-modal') as HTMLElement).style.width).toBe('640px');
    expect(await within(dialog).findByText('店员认知调研')).toBeTruthy();
    const names = [...dialog.querySelectorAll('.survey-question-name')].map((node) => node.textContent);
    expect(names).toEqual([
      '1. 门店类型（单选）',
      '以下为满意度部分',
      '2. 服务满意度（评分（五星））',
      '3. 关注的品类（多选+简答）',
      '4. 其他建议（长文本）',
      '5. 门店照片（图片）',
    ]);
    expect(within(dialog).getByText('B. 单体').closest('li')?.className).toContain('survey-option-chosen');
    expect(within(dialog).getByText('A. 连锁').closest('li')?.className).not.toContain('survey-option-chosen');
    expect(within(dialog).getByText('4星')).toBeTruthy();
    expect(within(dialog).getByText('（儿童用药）')).toBeTruthy();
    expect(within(dialog).getByText('希望增加培训')).toBeTruthy();
    expect(within(dialog).getByText('未作答')).toBeTruthy();
    expect(within(dialog).queryByText(/手机号/)).toBeNull();
  });

  it('shows the uploaded pictures (4, 17) as images and the files (16) as links', async () => {
    const base = survey(0);
    taskCalls.fetchSurveyDetail.mockResolvedValue({
      ...base,
      questions: [
        {
          id: 7,
          subjectType: 17,
          subjectName: '门店陈列照片',
          subjectContent: '',
          content: '',
          optionList: [],
          picList: [{ address: '/api/task-photo/3/71?sign=a', fileName: '门店陈列.png' }],
        },
        {
          id: 8,
          subjectType: 16,
          subjectName: '药品经营许可证',
          subjectContent: '',
          content: '',
          optionList: [],
          picList: [{ address: '/api/task-photo/3/72?sign=b', fileName: '药品经营许可证.pdf' }],
        },
        {
          id: 9,
          subjectType: 16,
          subjectName: '其他附件',
          subjectContent: '',
          content: '',
          optionList: [],
          picList: [],
        },
      ],
    });
    renderWithQuery(<SurveyDetailDialog taskId={41} open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    const image = (await within(dialog).findByAltText('门店陈列.png')) as HTMLImageElement;
    expect(image.src).toContain('/api/task-photo/3/71?sign=a');
    const link = within(dialog).getByRole('link', { name: '药品经营许可证.pdf' }) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/task-photo/3/72?sign=b');
    expect(within(dialog).getByText('未作答')).toBeTruthy();
  });

  it('shows the respondent phone when phone verification is 1; closes and prints', async () => {
    taskCalls.fetchSurveyDetail.mockResolvedValue(survey(1));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const onClose = vi.fn();
    renderWithQuery(<SurveyDetailDialog taskId={41} open onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('手机号：13800000001')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalled();
    const footer = (dialog.closest('.ant-modal') as HTMLElement).querySelector('.ant-modal-footer') as HTMLElement;
    fireEvent.click(within(footer).getByRole('button', { name: /关\s*闭/ }));
    expect(onClose).toHaveBeenCalled();
  });
});
