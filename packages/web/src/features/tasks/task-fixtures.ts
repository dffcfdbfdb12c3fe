/** A task detail as the server answers it, and the task calls as mocks, for the task screens' tests. */
import type { TaskDetail, TaskPhoto } from '@fieldpay/domain';
import { vi } from 'vitest';

/**
 * `./task-calls` with every call a mock and the query key kept:
 * `const taskCalls = await vi.hoisted(async () => (await import('./task-fixtures')).mockTaskCalls());`
 * then `vi.mock('./task-calls', () => taskCalls);`.
 */
export const mockTaskCalls = () => ({
  taskDetailKey: (id: number) => ['task', 'detail', id],
  fetchTaskDetail: vi.fn(),
  fetchMaterialRecords: vi.fn(),
  fetchCallRecords: vi.fn(),
  reverseGeocode: vi.fn(),
  fetchSurveyDetail: vi.fn(),
  downloadTaskAttachments: vi.fn(),
});

const DAY = 86_400_000;
const photo = (id: number, kind: string): TaskPhoto => ({
  id,
  kind,
  source: 'camera',
  fileName: `${kind}.png`,
  fileSize: 1200,
  url: `/photo/${id}`,
  createTime: Date.UTC(2026, 10, 2, 1, 0),
});

export const taskDetailFixture = (extra: Partial<TaskDetail> = {}): TaskDetail => ({
  id: 41,
  taskId: 41,
  taskSn: 'RW2026110200000041',
  title: '门店陈列检查',
  content: '检查陈列并拍照',
  projectId: 7,
  projectName: '全渠道终端服务示范项目',
  tenantName: '华东众包服务平台',
  enterpriseName: '杭州示范医药有限公司',
  visitTypeId: 'cgfw',
  visitType: '采购服务',
  parentVisitType: '',
  resourceId: null,
  resourceTitle: '',
  userId: 5,
  userName: '赵强',
  userPhone: '138****0001',
  cusId: 88,
  cusName: '张医生',
  cusIsAuth: 1,
  department: '心内科',
  orgName: '杭州市第一人民医院',
  province: '浙江省',
  city: '杭州市',
  area: '西湖区',
  address: '文三路 478 号',
  productName: '阿莫西林胶囊',
  fileNumber: 3,
  callsNumber: 0,
  startTime: Date.UTC(2026, 10, 1, 16),
  endTime: Date.UTC(2026, 10, 1, 16) + 30 * DAY,
  takeTime: Date.UTC(2026, 10, 1, 7),
  actTime: Date.UTC(2026, 10, 2, 2, 30),
  duration: 45,
  status: 2,
  auditStatus: 1,
  auditUserName: '',
  auditTime: null,
  auditReason: '',
  remarks: '签到位置距计划地点2003米，超出300米范围\n服务时长不足10分钟（实际5分钟）',
  lat: 30.2776,
  lon: 120.1253,
  signIn: {
    kind: 1,
    feedbackType: 0,
    lat: 30.2956,
    lon: 120.1253,
    address: '文三路 480 号',
    distance: 2003,
    signedAt: Date.UTC(2026, 10, 2, 1, 30),
    photos: [photo(1, 'sign')],
  },
  signOut: null,
  signInAddress: '文三路 480 号',
  signOutAddress: '',
  positionRecords: [],
  sumUp: '陈列已检查',
  feedback: '货架整洁',
  photoGroups: [{ id: 2, name: '货架照片', photos: [photo(3, 'other')] }],
  otherPhotos: [],
  custNum: null,
  cusList: [],
  surveyAnswered: false,
  mapTileUrl: '',
  ...extra,
});
