/**
 * The tasks module's demo step (decision 0017): on each platform the demo company works on, the
 * enterprise places a project with every service type, the platform approves it, the enterprise
 * writes a questionnaire and an article and publishes tasks of every type; service personnel sign
 * in to the worker API, take tasks, check in and out, record calls and readings, upload photos and
 * submit; the automatic audit judges each, and the platform's staff approve or reject. So every
 * state (open, taken, auto-passed, auto-rejected, approved, rejected) exists for every task type
 * on two tenants, each step on its own date within the project's period. Deterministic: fixed
 * dates, names and points; no random choices.
 */
import { createHash } from 'node:crypto';
import { contentAddBodySchema, TASK_TYPE_PARENTS, TASK_TYPES, type TaskTypeId } from '@fieldpay/domain';
import { and, asc, eq } from 'drizzle-orm';
import { contentQuestions, persons, projectServiceTypes, taxSources, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { hashPassword } from '../../platform/auth/passwords';
import { type WorkerPrincipal, workerViewer } from '../../platform/auth/worker-sessions';
import { chinaDayStart } from '../../platform/china-time';
import type { DemoStep } from '../../platform/modules';
import { auditActorOf } from '../../platform/system/audit';
import type { Services } from '../../services';
import { DEMO_IP } from '../../seed/demo';
import { demoCompanyOnEachPlatform, demoPrincipal } from '../../seed/demo-actors';
import { addContent } from '../content/library';
import { registerPerson, setWorkerPassword } from '../persons/service';
import { auditProject, createProject, editProjectVisitType, startProjectAudit } from '../projects/lifecycle';
import { auditTasks, publishTask } from './console';
import { DEMO_CUSTOMERS, registerDemoCustomers } from './demo-customers';
import {
  recordCall,
  recordMaterialOpen,
  recordPosition,
  signTask,
  submitTask,
  takeTask,
  uploadTaskPhoto,
} from './worker';

/** The demo's "today" (the other demo rows run up to it). */
const TODAY = new Date('2026-11-21T10:00:00+08:00').getTime();
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The password demo persons use in the worker app (README). */
export const DEMO_WORKER_PASSWORD = 'Worker@123456';
/** The README's worker account: registered in the app on both of the demo company's platforms. */
export const DEMO_WORKER = { name: '周志强', phone: '13700000001' } as const;
/** A 1x1 PNG: the demo's photos. */
const PHOTO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A request key derived from what the request is, so every run of the demo stores the same keys. */
const demoRequestId = (...parts: Array<string | number>): string => {
  const hex = createHash('sha256')
    .update(`demo-task:${parts.join(':')}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Midnight, China time, of the day `time` falls on. */
const chinaMidnight = (time: number) => chinaDayStart(new Date(time)).getTime();
const at = (time: number) => new Date(time);

const STATES = ['open', 'taken', 'autoPassed', 'autoRejected', 'approved', 'rejected'] as const;
type DemoState = (typeof STATES)[number];

/** Points the tasks are planned at (GCJ-02), one per task in turn. */
const PLACES = [
  {
    province: '浙江省',
    city: '杭州市',
    area: '西湖区',
    address: '文三路 478 号华星时代广场',
    lat: 30.2776,
    lng: 120.1253,
    org: '杭州西湖区文新社区卫生服务中心',
  },
  {
    province: '浙江省',
    city: '杭州市',
    area: '拱墅区',
    address: '莫干山路 110 号',
    lat: 30.2842,
    lng: 120.1566,
    org: '老百姓大药房（莫干山路店）',
  },
  {
    province: '上海市',
    city: '上海市',
    area: '浦东新区',
    address: '张杨路 1588 号',
    lat: 31.2301,
    lng: 121.5359,
    org: '上海浦东新区人民医院',
  },
  {
    province: '江苏省',
    city: '南京市',
    area: '鼓楼区',
    address: '中山北路 321 号',
    lat: 32.0726,
    lng: 118.7702,
    org: '南京鼓楼医院',
  },
  {
    province: '四川省',
    city: '成都市',
    area: '武侯区',
    address: '人民南路四段 27 号',
    lat: 30.6294,
    lng: 104.0702,
    org: '成都武侯区第三人民医院',
  },
];
const PRODUCTS = ['复方感冒颗粒', '阿托伐他汀钙片', '二甲双胍缓释片'];
/** The attendees a department meeting's worker reports (xueShu_keShi). */
const MEETING_ATTENDEES = [
  { cusName: '周明', departmentName: '心内科', authStatus: 1 as const, certNo: '110330100012345' },
  { cusName: '吴丽华', departmentName: '心内科', authStatus: 1 as const, certNo: '110330100023456' },
  { cusName: '郑凯', departmentName: '老年医学科', authStatus: 0 as const, certNo: '' },
];

const TITLES: Record<TaskTypeId, string> = {
  cgfw: '药店进货登记与陈列检查',
  dhbf: '医生用药反馈电话回访',
  ppxc: '科普文章阅读推广',
  wjdy: '店员产品认知问卷',
  ptfw: '终端例行拜访',
  cpzr: '医院产品准入资料递交',
  other: '市场信息收集',
  xueShu_chengShi: '城市学术会议协办',
  xueShu_keShi: '科室会组织',
  xueShu_tongYong: '学术沙龙执行',
};

interface Setting {
  tenantId: number;
  enterpriseUser: Principal;
  staff: Principal;
  taxId: number;
  workers: WorkerPrincipal[];
}

/** The demo company on each of its platforms, the platform's reviewer and its first persons (signed in). */
async function settings(services: Services): Promise<Setting[]> {
  const { scopes } = services.ctx;
  const rows = await scopes.withSystem('demo: who places, does and reviews tasks', async (db) => {
    const found = [];
    for (const { member, staff } of (await demoCompanyOnEachPlatform(db)).slice(0, 2)) {
      const [tax] = await db
        .select({ id: taxSources.id })
        .from(taxSources)
        .where(eq(taxSources.tenantId, member.tenantId))
        .orderBy(asc(taxSources.id))
        .limit(1);
      const people = await db
        .select({ id: persons.id })
        .from(persons)
        .innerJoin(tenants, eq(tenants.id, persons.tenantId))
        .where(and(eq(persons.tenantId, member.tenantId), eq(persons.loginFlag, 0)))
        .orderBy(asc(persons.id))
        .limit(3);
      if (tax && people.length) found.push({ member, staff, taxId: tax.id, people: people.map((p) => p.id) });
    }
    return found;
  });
  const passwordHash = await hashPassword(DEMO_WORKER_PASSWORD);
  const result: Setting[] = [];
  for (const row of rows) {
    const workers: WorkerPrincipal[] = [];
    const readmeWorker = await scopes.withSystem('demo: the README worker registers in the app', (db) =>
      registerPerson(db, { tenantId: row.member.tenantId, ...DEMO_WORKER, passwordHash }),
    );
    for (const personId of [readmeWorker, ...row.people.slice(0, 2)]) {
      // the person registered in the app with a password, then signed in
      const token = await scopes.withSystem('demo: a person registers and signs in to the worker app', async (db) => {
        await setWorkerPassword(db, { tenantId: row.member.tenantId, personId }, passwordHash);
        return services.workerSessions.create(db, { personId, tenantId: row.member.tenantId, ip: DEMO_IP });
      });
      const worker = await services.workerSessions.resolve(token);
      if (worker) workers.push(worker);
    }
    result.push({
      tenantId: row.member.tenantId,
      enterpriseUser: demoPrincipal({ ...row.member, side: 'enterprise' }, TODAY),
      staff: demoPrincipal(
        { ...row.staff, tenantId: row.member.tenantId, enterpriseId: null, side: 'platform' },
        TODAY,
      ),
      taxId: row.taxId,
      workers,
    });
  }
  return result;
}

const SERVICE_TYPES = (Object.keys(TASK_TYPES) as TaskTypeId[]).map((visitId) => ({
  boyaProjectVisitTypeModel: {
    visitParentId: TASK_TYPE_PARENTS[visitId] ?? visitId,
    visitId,
    description: `${TITLES[visitId]}，按任务要求完成并提交反馈。`,
    rewardDesc: visitId.startsWith('xueShu') ? '每场 800 元' : '每个任务 60 元',
    online: visitId.startsWith('xueShu') ? 3 : ['dhbf', 'ppxc', 'wjdy'].includes(visitId) ? 0 : 1,
    ...(visitId === 'cgfw' ? { locationScope: 300 } : {}),
    ...(visitId === 'cpzr' ? { seconds: 60 } : {}),
  },
}));

/** The project all task types run on: placed 60 days ago, approved two days later, running into spring. */
async function placeProject(services: Services, setting: Setting) {
  const { scopes } = services.ctx;
  const created = chinaMidnight(TODAY - 60 * DAY) + 10 * HOUR;
  const start = chinaMidnight(TODAY - 55 * DAY);
  const end = chinaMidnight(TODAY + 130 * DAY) + DAY - 1000;
  const { enterpriseUser, staff } = setting;
  const { id } = await scopes.withViewer(enterpriseUser, () =>
    createProject(
      services,
      enterpriseUser,
      {
        requestId: demoRequestId('project', setting.tenantId),
        taxId: setting.taxId,
        projectProjectProjectModel: {
          projectName: '全渠道终端服务示范项目',
          projectTypeName: '医药',
          startTime: start,
          endTime: end,
          minPeopleNum: 2,
          maxPeopleNum: 20,
          areaList: [
            { provinceId: '330000', province: '浙江省', cityId: '330100', city: '杭州市' },
            { provinceId: '310000', province: '上海市' },
          ],
        },
        visitTypeList: SERVICE_TYPES,
        projectText: {
          description: '<p>覆盖采购、拜访、电话、问卷、阅读与学术会议的全渠道服务任务。</p>',
          steps: '发布任务、服务人员领取执行、自动审核、平台复核、结算',
        },
      },
      at(created),
    ),
  );
  await scopes.withViewer(staff, () => startProjectAudit(services, staff, id, at(created + 20 * HOUR)));
  await scopes.withViewer(staff, () =>
    auditProject(services, staff, { projectId: id, auditStatus: 4, remarks: '' }, at(created + 2 * DAY)),
  );
  return { id, start };
}

/** Once its terminals are registered and reviewed, the platform's staff picks them as the ordinary service's work places. */
async function pickTerminals(
  services: Services,
  setting: Setting,
  projectId: number,
  organisationIds: readonly number[],
  when: Date,
) {
  const { staff } = setting;
  await services.ctx.scopes.withViewer(staff, async (db) => {
    const [cgfw] = await db
      .select()
      .from(projectServiceTypes)
      .where(
        and(
          eq(projectServiceTypes.tenantId, setting.tenantId),
          eq(projectServiceTypes.projectId, projectId),
          eq(projectServiceTypes.visitId, 'cgfw'),
        ),
      );
    await editProjectVisitType(
      services,
      staff,
      {
        projectId,
        boyaProjectVisitTypeModel: {
          id: cgfw.id,
          visitParentId: cgfw.visitParentId,
          visitId: cgfw.visitId,
          description: cgfw.description,
          rewardDesc: cgfw.rewardDesc,
          online: cgfw.online,
          locationScope: cgfw.locationScope,
          orgList: organisationIds.map((id) => ({ id, orgName: '' })),
        },
      },
      when,
    );
  });
}

/** The questionnaire of the survey tasks and the article of the reading tasks. */
async function writeContent(services: Services, setting: Setting) {
  const { enterpriseUser } = setting;
  const actor = auditActorOf(enterpriseUser, DEMO_IP);
  return services.ctx.scopes.withViewer(enterpriseUser, async (db) => {
    const survey = await addContent(
      db,
      enterpriseUser,
      actor,
      contentAddBodySchema.parse({
        type: 2,
        title: '店员用药知识小调研',
        author: '市场部',
        questionList: [
          {
            subjectType: 10,
            subjectName: '您所在门店的类型',
            required: 1,
            optionList: [{ optionContent: '连锁药店' }, { optionContent: '单体药店' }],
          },
          { subjectType: 13, subjectName: '您对本品培训资料的满意度', required: 1 },
          { subjectType: 100, subjectName: '您的其他建议' },
        ],
      }),
    );
    const article = await addContent(
      db,
      enterpriseUser,
      actor,
      contentAddBodySchema.parse({
        type: 1,
        title: '秋冬季感冒预防小知识',
        author: '医学部',
        content: '<p>勤洗手、常通风、规律作息，出现发热及时就医。</p>',
      }),
    );
    return { surveyId: survey.id, articleId: article.id };
  });
}

/** Questions of the demo questionnaire, in order (ids as stored). */
async function questionIds(services: Services, setting: Setting, surveyId: number): Promise<number[]> {
  const rows = await services.ctx.scopes.withViewer(setting.enterpriseUser, (db) =>
    db
      .select({ id: contentQuestions.id })
      .from(contentQuestions)
      .where(eq(contentQuestions.contentId, surveyId))
      .orderBy(asc(contentQuestions.sort), asc(contentQuestions.id)),
  );
  return rows.map((row) => row.id);
}

/** One task from its publishing to the state it is to show. */
async function playTask(
  services: Services,
  setting: Setting,
  context: { projectId: number; surveyId: number; articleId: number; questions: number[]; customerIds: number[] },
  visitId: TaskTypeId,
  state: DemoState,
  day: number,
  index: number,
): Promise<void> {
  const { scopes } = services.ctx;
  const place = PLACES[index % PLACES.length];
  // the customer registered at the place's terminal (demo-customers.ts)
  const customer = DEMO_CUSTOMERS[index % PLACES.length];
  const worker = setting.workers[index % setting.workers.length];
  const { enterpriseUser, staff } = setting;
  // open and taken tasks run on into the future; the others close a fortnight after their day
  const endTime = state === 'open' || state === 'taken' ? chinaMidnight(TODAY + 30 * DAY) : day + 14 * DAY;
  const published = day - 2 * DAY + 10 * HOUR;
  const { id: taskId } = await scopes.withViewer(enterpriseUser, () =>
    publishTask(
      services,
      enterpriseUser,
      auditActorOf(enterpriseUser, DEMO_IP),
      {
        requestId: demoRequestId('publish', setting.tenantId, index),
        projectId: context.projectId,
        visitTypeId: visitId,
        title: TITLES[visitId],
        content: `${TITLES[visitId]}：${place.org}，${customer.departmentName}${customer.cusName}。`,
        cusId: context.customerIds[index % PLACES.length],
        cusName: customer.cusName,
        department: customer.departmentName,
        orgName: place.org,
        productName: PRODUCTS[index % PRODUCTS.length],
        province: place.province,
        city: place.city,
        area: place.area,
        address: place.address,
        lat: place.lat,
        lng: place.lng,
        resourceId: visitId === 'wjdy' ? context.surveyId : visitId === 'ppxc' ? context.articleId : null,
        startTime: day,
        endTime,
        price: visitId.startsWith('xueShu') ? 80_000 : (60 + (index % 5) * 15) * 100,
      },
      at(published),
    ),
  );
  if (state === 'open') return;
  const as = <T>(work: () => Promise<T>) => scopes.withViewer(workerViewer(worker), work);
  await as(() => takeTask(services, worker, taskId, at(day - DAY + 15 * HOUR)));
  if (state === 'taken') return;

  const passes = state !== 'autoRejected';
  const checkIn = day + 9 * HOUR + 30 * MINUTE;
  const onsite = ['cgfw', 'ptfw', 'xueShu_chengShi', 'xueShu_keShi', 'xueShu_tongYong'].includes(visitId);
  const photo = (kind: 'sign' | 'signOut' | 'ppt' | 'panoramic' | 'other', when: number) =>
    as(() =>
      uploadTaskPhoto(
        services,
        worker,
        { taskId, kind, source: 'camera', fileName: `${kind}-${taskId}.png`, content: PHOTO },
        at(when),
      ),
    );
  if (onsite) {
    // a passing visit checks in beside the planned point and stays 45 minutes; a failing one 2 km off for 5
    const offset = passes ? 0.0004 : 0.018;
    const signPhoto = await photo('sign', checkIn - MINUTE);
    await as(() =>
      signTask(
        services,
        worker,
        'checkIn',
        { taskId, lat: place.lat + offset, lng: place.lng, address: place.address, photoIds: [signPhoto.id] },
        at(checkIn),
      ),
    );
    const checkOut = checkIn + (passes ? 45 : 5) * MINUTE;
    // the app reports where the person is every ten minutes of the stay (the track on the task map)
    const walk = passes ? [0.0002, 0.0005, 0.0003] : [0.0001];
    for (const [step, north] of walk.entries()) {
      await as(() =>
        recordPosition(
          services,
          worker,
          {
            taskId,
            requestId: demoRequestId('position', setting.tenantId, index, step),
            lat: place.lat + offset + north,
            lng: place.lng + (step % 2 === 0 ? 0.0002 : -0.0001),
            address: place.address,
          },
          at(checkIn + (step + 1) * (passes ? 10 : 2) * MINUTE),
        ),
      );
    }
    await as(() =>
      signTask(
        services,
        worker,
        'checkOut',
        { taskId, lat: place.lat + offset, lng: place.lng, address: place.address, photoIds: [] },
        at(checkOut),
      ),
    );
  }
  if (visitId === 'dhbf') {
    await as(() =>
      recordCall(
        services,
        worker,
        {
          taskId,
          requestId: demoRequestId('call', setting.tenantId, index),
          callType: 1,
          phoneNumber: '057188001234',
          callTime: checkIn,
          duration: passes ? 186 : 22,
        },
        at(checkIn + 4 * MINUTE),
      ),
    );
  }
  if (visitId === 'ppxc') {
    await as(() =>
      recordMaterialOpen(
        services,
        worker,
        {
          taskId,
          requestId: demoRequestId('material', setting.tenantId, index),
          materialName: '秋冬季感冒预防小知识',
          openTime: checkIn,
          duration: passes ? 142 : 9,
        },
        at(checkIn + 3 * MINUTE),
      ),
    );
  }
  const groupPhotos =
    passes && (visitId.startsWith('xueShu') || visitId === 'cpzr')
      ? [await photo(visitId === 'cpzr' ? 'other' : 'panoramic', checkIn + 20 * MINUTE)]
      : [];
  const [first, second, third] = context.questions;
  const answers =
    visitId !== 'wjdy'
      ? []
      : passes
        ? [
            { questionId: first, optionIds: [1], content: '', fileIds: [] },
            { questionId: second, optionIds: [], content: '5', fileIds: [] },
            { questionId: third, optionIds: [], content: '希望增加门店培训频次', fileIds: [] },
          ]
        : [{ questionId: third, optionIds: [], content: '暂无', fileIds: [] }];
  const sumUp = passes || visitId !== 'other' ? `${TITLES[visitId]}已完成，客户反馈良好。` : '';
  const submitted = checkIn + (onsite ? 60 : 10) * MINUTE;
  await as(() =>
    submitTask(
      services,
      worker,
      {
        taskId,
        requestId: demoRequestId('submit', setting.tenantId, index),
        sumUp,
        content: '',
        photoGroups: groupPhotos.length
          ? [{ name: visitId === 'cpzr' ? '准入资料照片' : '会议签到合影', photoIds: groupPhotos.map((p) => p.id) }]
          : [],
        answers,
        cusList: visitId === 'xueShu_keShi' ? (passes ? MEETING_ATTENDEES : MEETING_ATTENDEES.slice(0, 1)) : [],
        custNum: visitId !== 'xueShu_keShi' && visitId.startsWith('xueShu') ? (passes ? 36 : 4) : null,
      },
      at(submitted),
    ),
  );
  if (state === 'approved' || state === 'rejected') {
    await scopes.withViewer(staff, () =>
      auditTasks(
        services,
        staff,
        auditActorOf(staff, DEMO_IP),
        {
          ids: [taskId],
          auditStatus: state === 'approved' ? 2 : 3,
          reason: state === 'rejected' ? '反馈内容与任务要求不符，请核实后重新执行' : '',
        },
        at(chinaMidnight(submitted + DAY) + 10 * HOUR),
      ),
    );
  }
}

export const tasksDemo: DemoStep = {
  reason: 'demo: tasks published, done through the worker API, audited automatically and reviewed',
  async run(services) {
    for (const setting of await settings(services)) {
      if (setting.workers.length === 0) continue;
      const project = await placeProject(services, setting);
      const content = await writeContent(services, setting);
      const registered = chinaMidnight(project.start) + 11 * HOUR;
      const { customerIds, organisationIds } = await registerDemoCustomers(services, setting, PLACES, {
        registered: at(registered),
        reviewed: at(registered + DAY + 3 * HOUR),
        certified: at(registered + 2 * DAY + 5 * HOUR),
      });
      await pickTerminals(services, setting, project.id, organisationIds, at(registered + DAY + 4 * HOUR));
      const context = {
        projectId: project.id,
        customerIds,
        ...content,
        questions: await questionIds(services, setting, content.surveyId),
      };
      let index = 0;
      for (const visitId of Object.keys(TASK_TYPES) as TaskTypeId[]) {
        for (const state of STATES) {
          // one working day after another from the project's start, all before today
          const day = chinaMidnight(project.start + (1 + Math.floor(index * 0.8)) * DAY);
          await playTask(services, setting, context, visitId, state, day, index);
          index += 1;
        }
      }
    }
  },
};
