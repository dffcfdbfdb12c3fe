/**
 * Demo projects made through the projects' services, as their users would have made them: the
 * enterprise creates each one, the platform's staff review it, and some are paused or ended, each
 * step at its own date over the past year (decision 0012). Every status the lifecycle reaches is
 * present; a project never ends before it starts, and only ended projects have an end in the past.
 * The persons serving on a project and their signed agreements are the persons area's rows,
 * written beside it.
 */
import { randomUUID } from 'node:crypto';
import { fakerZH_CN as faker } from '@faker-js/faker';
import type { ProjectArea, ProjectText, TaskTypeId } from '@fieldpay/domain';
import { PROJECT_TEXT_UPLOAD, TASK_TYPE_PARENTS } from '@fieldpay/domain';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  contracts,
  enterpriseMembers,
  enterprises,
  notices,
  personAgreements,
  persons,
  products,
  projectDataRelations,
  projectPersons,
  taxSources,
  tenants,
  users,
} from '../../db/schema';
import { auditProject, createProject, endProject, pauseProject, startProjectAudit } from './lifecycle';
import { cityTree } from './regions';
import type { Principal } from '../../platform/auth/sessions';
import { addressOf } from '../../platform/files/links';
import { renderPdf } from '../../platform/pdf';
import { chinaDayStart } from '../../platform/china-time';
import type { Services } from '../../services';
import { DEMO_ACCOUNTS } from '../../seed/demo';
import { uploadAs } from '../../seed/demo-upload';

/** The demo's "today": the other demo rows run up to mid-November 2026. */
const TODAY = new Date('2026-11-21T10:00:00+08:00').getTime();
const DAY = 86_400_000;
const at = (time: number) => new Date(time);
/** Midnight, China time, of the day `time` falls on. */
const chinaMidnight = (time: number) => chinaDayStart(new Date(time)).getTime();
const between = (from: number, to: number) => faker.number.int({ min: Math.min(from, to), max: Math.max(from, to) });
/** A working-hours moment of the day `time` falls on (China time). */
const officeHours = (time: number) => chinaMidnight(time) + between(9 * 3_600_000, 18 * 3_600_000);
/** A step of a history: at `candidate`, but always some minutes after the step before. */
const after = (previous: number, candidate: number) => Math.max(candidate, previous + between(20, 240) * 60_000);

const THEMES = ['心血管', '慢病管理', '疫苗', '眼科', '口腔护理', '肿瘤', '呼吸', '儿科', '糖尿病'];
const KINDS = ['学术推广', '市场调研', '患者教育', '终端拜访', '药店动销', '产品准入'];
const INDUSTRIES = ['医药', '医疗器械', '大健康', '快消'];

/** Drawn once per seeding: every brief is the same document under its project's name. */
let briefBytes: Promise<Buffer> | null = null;
const brief = () =>
  (briefBytes ??= renderPdf(
    {
      title: '项目执行说明',
      subject: 'project brief',
      footer: '项目执行说明',
      sections: [
        {
          title: '执行要求',
          fields: [
            ['服务对象', '项目区域内的医疗机构与零售终端'],
            ['执行方式', '按服务类型领取任务，签到签退并上传照片与记录'],
            ['审核标准', '定位、照片与记录齐全，平台审核通过后结算'],
            ['合规提示', '不得夸大宣传，不得收受或给予不正当利益'],
          ],
        },
      ],
    },
    new Date(TODAY),
  ));

/** The enterprise uploads the project's brief for the 补充信息 block, as the upload call would take it. */
async function uploadBrief(
  services: Services,
  enterpriseUser: Principal,
  projectName: string,
): Promise<ProjectText['fileList'][number]> {
  const bytes = await brief();
  const file = await services.ctx.scopes.withViewer(enterpriseUser, () =>
    uploadAs(services, enterpriseUser, bytes, `${projectName}执行说明.pdf`, {
      scene: PROJECT_TEXT_UPLOAD.scene,
      uploadPath: PROJECT_TEXT_UPLOAD.uploadPath,
    }),
  );
  return { fileName: file.fileName, fileType: file.extension, fileAddress: addressOf(file) };
}

/** Service types with what their people are told. */
const SERVICE_TYPES: Array<{ visitId: TaskTypeId; description: string; rewardDesc: string; online: number }> = [
  {
    visitId: 'cgfw',
    description: '到药店完成进货登记与陈列检查，拍摄货架与票据照片。',
    rewardDesc: '每家门店 60 元',
    online: 1,
  },
  {
    visitId: 'dhbf',
    description: '电话回访医生，了解用药反馈并记录通话要点。',
    rewardDesc: '每通有效通话 15 元',
    online: 0,
  },
  {
    visitId: 'ppxc',
    description: '向目标人群推送科普文章，统计阅读与转发。',
    rewardDesc: '每百次阅读 20 元',
    online: 0,
  },
  {
    visitId: 'wjdy',
    description: '邀请医生填写临床使用调研问卷，确保填写完整真实。',
    rewardDesc: '每份有效问卷 30 元',
    online: 0,
  },
  {
    visitId: 'ptfw',
    description: '按计划完成终端拜访，签到签退并上传拜访记录。',
    rewardDesc: '每次拜访 80 元',
    online: 1,
  },
  { visitId: 'cpzr', description: '协助医院完成产品准入资料递交与跟进。', rewardDesc: '按准入进度结算', online: 1 },
  {
    visitId: 'xueShu_keShi',
    description: '组织科室会，讲解产品学术资料并签到留存照片。',
    rewardDesc: '每场 500 元',
    online: 3,
  },
  {
    visitId: 'xueShu_chengShi',
    description: '协办城市学术会议，负责签到、资料分发与现场记录。',
    rewardDesc: '每场 1500 元',
    online: 3,
  },
];

/** Statuses in the order their histories are written; the demo enterprise has each, others mostly 进行中. */
type DemoStatus = 0 | 1 | 2 | 3 | 4 | 6;
const DEMO_COMPANY_STATUSES: DemoStatus[] = [4, 4, 2, 3, 0, 6, 1, 2];

interface Crew {
  tenantId: number;
  staff: Principal;
  people: number[];
  taxIds: number[];
}

const principalOf = (row: {
  userId: number;
  realname: string;
  username: string;
  tenantId: number;
  enterpriseId: number | null;
  side: 'platform' | 'enterprise';
}): Principal => ({
  sessionId: 0,
  userId: row.userId,
  side: row.side,
  tenantId: row.tenantId,
  enterpriseId: row.enterpriseId,
  username: row.username,
  realname: row.realname,
  userIdentity: 2,
  idleExpiresAt: new Date(TODAY + DAY),
});

function pickAreas(): ProjectArea[] {
  const tree = cityTree();
  const provinces = faker.helpers.arrayElements(tree, { min: 1, max: 3 });
  return provinces.flatMap((province) =>
    faker.helpers.arrayElements(province.children ?? [], { min: 1, max: 3 }).map((city) => ({
      provinceId: province.value,
      province: province.label,
      cityId: city.value,
      city: city.label,
      areaId: '',
      area: '',
    })),
  );
}

/** The dates of one project's history, all on or before TODAY, nothing ending before it starts. */
function historyOf(status: DemoStatus) {
  const created = officeHours(
    status === 0 || status === 6 ? TODAY - between(1, 10) * DAY : TODAY - between(40, 330) * DAY,
  );
  const reviewStarted = status === 0 ? null : after(created, officeHours(created + between(0, 2) * DAY + DAY / 2));
  const reviewed =
    reviewStarted && status !== 6 ? after(reviewStarted, officeHours(reviewStarted + between(1, 3) * DAY)) : null;
  const start = (reviewed ?? created) + between(2, 10) * DAY;
  let end = start + between(60, 240) * DAY;
  let stopped: number | null = null;
  let paused: number | null = null;
  if (status === 2) {
    // ended in the past: at its planned end, or earlier when the client stopped it
    end = Math.min(end, TODAY - between(3, 30) * DAY);
    if (end <= start + 20 * DAY) end = start + 20 * DAY;
    stopped = after(
      reviewed ?? created,
      faker.datatype.boolean() ? officeHours(end - DAY) : officeHours(between(start + 10 * DAY, end - DAY)),
    );
  }
  if (status === 4 || status === 3) end = Math.max(end, TODAY + between(20, 200) * DAY);
  if (status === 3)
    paused = after(reviewed ?? created, officeHours(between(Math.max(start, TODAY - 40 * DAY), TODAY - DAY)));
  return {
    created,
    reviewStarted,
    reviewed,
    start: chinaMidnight(start),
    end: chinaMidnight(end) + DAY - 1000,
    paused,
    stopped,
  };
}

async function createDemoProject(
  services: Services,
  enterpriseUser: Principal,
  /** who uploads the project's brief, or null for none */
  briefUploader: Principal | null,
  crew: Crew,
  status: DemoStatus,
): Promise<void> {
  const { scopes } = services.ctx;
  const owner = { tenantId: crew.tenantId, enterpriseId: enterpriseUser.enterpriseId ?? 0 };
  const history = historyOf(status);
  const projectName = `${faker.helpers.arrayElement(THEMES)}${faker.helpers.arrayElement(KINDS)}项目`;
  const types = faker.helpers.arrayElements(SERVICE_TYPES, { min: 1, max: 2 });
  const minPeople = between(2, 20);

  // the agreement and products the project points at belong to the agreements and products areas
  const { agreementId, productIds } = await scopes.withSystem('demo: a project agreement and products', async (db) => {
    const [agreement] = await db
      .insert(contracts)
      .values({
        ...owner,
        contractSn: `XM${owner.enterpriseId}${faker.string.numeric(8)}`,
        contractName: `${projectName}服务协议`,
        type: 2,
        content: projectAgreementText(projectName),
      })
      .returning({ id: contracts.id });
    const own = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.tenantId, owner.tenantId), eq(products.enterpriseId, owner.enterpriseId)));
    return {
      agreementId: agreement.id,
      productIds: faker.helpers.arrayElements(own, { min: 0, max: 3 }).map((product) => product.id),
    };
  });

  // a third of the projects carry the brief (chosen by a drawn date, so no extra draw shifts the demo)
  const fileList =
    briefUploader && history.created % 3 === 0 ? [await uploadBrief(services, briefUploader, projectName)] : [];
  const { id } = await scopes.withViewer(enterpriseUser, () =>
    createProject(
      services,
      enterpriseUser,
      {
        requestId: randomUUID(),
        taxId: faker.helpers.arrayElement(crew.taxIds),
        projectProjectProjectModel: {
          projectName,
          projectTypeName: faker.helpers.arrayElement(INDUSTRIES),
          startTime: history.start,
          endTime: history.end,
          minPeopleNum: minPeople,
          maxPeopleNum: minPeople + between(5, 200),
          projectScope: faker.helpers.weightedArrayElement([
            { weight: 3, value: 0 },
            { weight: 1, value: 1 },
          ]),
          authStatus: productIds.length > 0 && faker.datatype.boolean() ? 1 : 0,
          // a quarter of the projects run tasks only, outside the full-process environment
          processed: faker.number.int({ min: 0, max: 3 }) === 0 ? 0 : 1,
          productAssociation: productIds.length > 0 ? 1 : 0,
          areaList: pickAreas(),
          isProjectAgreement: 1,
          projectAgreementId: agreementId,
        },
        productArr: productIds,
        visitTypeList: types.map((type) => ({
          boyaProjectVisitTypeModel: {
            visitParentId: TASK_TYPE_PARENTS[type.visitId] ?? type.visitId,
            visitId: type.visitId,
            description: type.description,
            rewardDesc: type.rewardDesc,
            online: type.online,
            ...(type.visitId === 'cgfw' ? { locationScope: faker.helpers.arrayElement([300, 500, 1000]) } : {}),
            ...(type.visitId === 'cpzr' ? { seconds: faker.helpers.arrayElement([30, 60, 90]) } : {}),
          },
        })),
        projectText: {
          description: [
            `<h3>项目背景</h3><p>${projectName}面向<strong>${faker.location.city()}</strong>等地的医疗机构与零售终端开展。</p>`,
            '<h3>执行要求</h3><ol><li>按服务类型领取任务，在计划时间内完成；</li>',
            '<li>签到签退须在定位范围内，照片清晰可辨；</li><li>记录真实完整，不得代签代填。</li></ol>',
            '<p>项目周期内按服务类型派发任务，<u>平台审核通过后结算</u>。</p>',
          ].join(''),
          steps: '招募服务人员、线上培训、任务执行、平台审核、结算',
          fileList,
        },
      },
      at(history.created),
    ),
  );

  const staff = crew.staff;
  if (history.reviewStarted) {
    await scopes.withViewer(staff, () => startProjectAudit(services, staff, id, at(history.reviewStarted as number)));
  }
  if (history.reviewed) {
    const passed = status !== 1;
    const remarks = passed
      ? ''
      : faker.helpers.arrayElement(['项目协议未上传盖章版', '服务区域与税源地不符', '报酬说明不清晰']);
    await scopes.withViewer(staff, () =>
      auditProject(
        services,
        staff,
        { projectId: id, auditStatus: passed ? 4 : 1, remarks },
        at(history.reviewed as number),
      ),
    );
    // the enterprise read the review's notice that day (the demo's unread notices are the recent ones)
    await scopes.withSystem('demo: a review notice read', (db) =>
      db
        .update(notices)
        .set({ readAt: at((history.reviewed as number) + between(10, 300) * 60_000) })
        .where(and(eq(notices.type, 'project'), eq(notices.bizId, String(id)))),
    );
  }
  if (history.paused) {
    await scopes.withViewer(enterpriseUser, () =>
      pauseProject(services, enterpriseUser, id, at(history.paused as number)),
    );
  }
  if (history.stopped) {
    await scopes.withViewer(enterpriseUser, () =>
      endProject(services, enterpriseUser, id, at(history.stopped as number)),
    );
  }

  // persons served on projects that ran, and signed the project agreement
  if (status === 4 || status === 3 || status === 2) {
    await scopes.withSystem('demo: the persons serving on a project', async (db) => {
      const serving = faker.helpers.arrayElements(crew.people, { min: 3, max: 8 });
      await db.insert(projectPersons).values(
        serving.map((personId) => ({
          ...owner,
          projectId: id,
          personId,
          status: status === 2 || faker.number.int({ min: 0, max: 5 }) === 0 ? 2 : 1,
          joinedAt: at(between(history.start, Math.min(history.start + 20 * DAY, TODAY))),
        })),
      );
      await db.insert(personAgreements).values(
        serving.map((personId) => ({
          ...owner,
          contractId: agreementId,
          personId,
          contractSn: `XY${owner.tenantId}${faker.string.numeric(10)}`,
          // offered when the project started, signed while it ran (or not yet)
          createdAt: at(history.start),
          signedAt:
            faker.number.int({ min: 0, max: 4 }) === 0
              ? null
              : at(between(history.start, Math.min(history.end, TODAY))),
        })),
      );
      // some projects are also shown on another platform (their data-relation)
      if (faker.number.int({ min: 0, max: 3 }) === 0) {
        const others = await db
          .select({ id: tenants.id })
          .from(tenants)
          .where(and(ne(tenants.id, 0), ne(tenants.id, owner.tenantId)));
        if (others.length) {
          await db
            .insert(projectDataRelations)
            .values({ tenantId: faker.helpers.arrayElement(others).id, projectId: id });
        }
      }
    });
  }
}

async function crewsAndMembers(db: DbOrTx) {
  const tenantRows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(gt(tenants.id, 0))
    .orderBy(asc(tenants.id));
  const crews: Crew[] = [];
  for (const tenant of tenantRows) {
    const staffRows = await db
      .select({ userId: users.id, realname: users.realname, username: users.username })
      .from(users)
      .where(and(eq(users.side, 'platform'), eq(users.tenantId, tenant.id)))
      .orderBy(asc(users.id));
    // the README's tenant staff reviews on its tenant; elsewhere the first staff member
    const reviewer = staffRows.find((row) => row.username === DEMO_ACCOUNTS.tenantStaff.username) ?? staffRows[0];
    const people = await db.select({ id: persons.id }).from(persons).where(eq(persons.tenantId, tenant.id));
    const taxes = await db.select({ id: taxSources.id }).from(taxSources).where(eq(taxSources.tenantId, tenant.id));
    if (!reviewer || taxes.length === 0) continue;
    crews.push({
      tenantId: tenant.id,
      staff: principalOf({ ...reviewer, tenantId: tenant.id, enterpriseId: null, side: 'platform' }),
      people: people.map((row) => row.id),
      taxIds: taxes.map((row) => row.id),
    });
  }
  const members = await db
    .select({
      userId: users.id,
      realname: users.realname,
      username: users.username,
      tenantId: enterpriseMembers.tenantId,
      enterpriseId: enterpriseMembers.enterpriseId,
      enterpriseName: enterprises.name,
    })
    .from(enterpriseMembers)
    .innerJoin(users, eq(users.id, enterpriseMembers.userId))
    .innerJoin(enterprises, eq(enterprises.id, enterpriseMembers.enterpriseId))
    .orderBy(asc(enterpriseMembers.enterpriseId), asc(enterpriseMembers.userId));
  // one member per enterprise places its projects
  const placers = members.filter(
    (row, index) => members.findIndex((other) => other.enterpriseId === row.enterpriseId) === index,
  );
  return { crews, placers };
}

/** The demo project agreement's clauses, a line each (the body of its signed contract PDF). */
function projectAgreementText(projectName: string): string {
  return [
    `第一条 服务项目：乙方自愿参与甲方发布的“${projectName}”，按项目要求完成相应的服务任务。`,
    '第二条 服务要求：乙方应按任务指引如实完成服务并提交照片、定位、记录等成果，不得弄虚作假。',
    '第三条 服务费用：每项任务的服务费以任务发布时载明的金额为准，成果审核通过后经平台结算发放。',
    '第四条 保密义务：乙方对履行本协议中知悉的甲方客户、产品及业务信息负有保密义务，协议终止后仍然有效。',
    '第五条 违约责任：乙方提交虚假成果的，甲方有权拒绝结算该任务并要求乙方返还已发放的费用。',
    '第六条 协议期限：本协议自乙方签署之日起生效，至项目结束且费用结清之日终止。',
  ].join('\n');
}

/** Every enterprise's projects, through the services. */
export async function seedDemoProjects(services: Services): Promise<void> {
  const { crews, placers } = await services.ctx.scopes.withSystem(
    'demo: who places and reviews projects',
    crewsAndMembers,
  );
  for (const placer of placers) {
    const crew = crews.find((candidate) => candidate.tenantId === placer.tenantId);
    if (!crew) continue;
    const enterpriseUser = principalOf({ ...placer, side: 'enterprise' });
    const readmeAccount = placer.username === DEMO_ACCOUNTS.enterpriseUser.username;
    // the README account's first visit shows no upload of its own (the e2e counts its lists)
    const briefUploader = readmeAccount ? null : enterpriseUser;
    const statuses: DemoStatus[] = readmeAccount
      ? DEMO_COMPANY_STATUSES
      : Array.from({ length: faker.number.int({ min: 1, max: 4 }) }, () =>
          faker.helpers.weightedArrayElement<DemoStatus>([
            { weight: 5, value: 4 },
            { weight: 2, value: 2 },
            { weight: 1, value: 3 },
            { weight: 1, value: 0 },
            { weight: 1, value: 6 },
            { weight: 1, value: 1 },
          ]),
        );
    for (const status of statuses) await createDemoProject(services, enterpriseUser, briefUploader, crew, status);
  }
}
