import { REPORT_MSG } from '@fieldpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlatformUser, login, useTestApp } from '../../../test/app';
import { pdfOf, pdfText, uploadFile } from '../../../test/file-fixtures';
import {
  addWorker,
  createSettlement,
  createSettlementWorld,
  paidOutSettlement,
  get,
  post,
  type SettlementWorld,
} from '../../../test/settlements';
import { contentItems, contentQuestions, customers, organisations, products, taskSurveyAnswers } from '../../db/schema';
import { generateStatement } from './documents';
import { generatePendingReports, generateReport } from './report';

const t = useTestApp();
let world: SettlementWorld;
let foreign: SettlementWorld;
/** paid out, statement made: the report's settlement */
let paidId: number;
let paidSn: string;
/** waiting for the audit */
let pendingId: number;
let first: { name: string; taskIds: number[] };
let second: { name: string; taskIds: number[] };
let questionIds: number[];
let customerId: number;

const sql = (text: string, params: unknown[] = []) => t.database.executeSql(text, params);

async function uploadReportFile(
  who: SettlementWorld['enterprise'],
  settlementId: number,
  fileName: string,
  title: string,
) {
  const response = await uploadFile(
    t,
    who,
    { scene: 'settleReport', uploadPath: 'settlementReport', id: settlementId },
    fileName,
    pdfOf(title),
  );
  expect(response.statusCode, response.body).toBe(200);
  const file = response.json().result;
  return { fileName: file.fileName, fileType: file.fileType, fileAddress: file.address, fileSize: file.fileSize };
}

beforeAll(async () => {
  world = await createSettlementWorld(t);
  foreign = await createSettlementWorld(t);
  first = await addWorker(t, world, { name: '报告甲', count: 3, priceFen: 20_000 });
  second = await addWorker(t, world, { name: '报告乙', count: 1, priceFen: 15_000 });
  // what the tasks were about: two products at two terminals, one customer authenticated
  const [org] = await t.database.db
    .insert(organisations)
    .values({ tenantId: world.tenantId, enterpriseId: world.enterpriseId, orgName: '仁和大药房', orgType: 'pharmacy' })
    .returning();
  const [customer] = await t.database.db
    .insert(customers)
    .values({
      tenantId: world.tenantId,
      enterpriseId: world.enterpriseId,
      organisationId: org.id,
      cusName: '王药师',
      cusType: 'pharmacy',
      posit: '店长',
      auditStatus: 1,
      authStatus: 1,
    })
    .returning();
  customerId = customer.id;
  await t.database.db.insert(products).values({
    tenantId: world.tenantId,
    enterpriseId: world.enterpriseId,
    productName: '复方感冒灵颗粒',
    productGuige: '10g*9袋',
    productFactory: '华润三九医药',
  });
  await sql(
    `update tasks set product_name = '复方感冒灵颗粒', org_name = '仁和大药房', cus_name = '王药师', cus_is_auth = 1,
       customer_id = $2, act_time = now() where id = any($1::int[])`,
    [first.taskIds, customerId],
  );
  await sql(`update tasks set product_name = '维C银翘片', org_name = '百姓药店', act_time = now() where id = $1`, [
    second.taskIds[0],
  ]);
  // a questionnaire answered on three of the tasks
  const [survey] = await t.database.db
    .insert(contentItems)
    .values({ tenantId: world.tenantId, enterpriseId: world.enterpriseId, type: 2, title: '门店调研问卷' })
    .returning();
  const questions = await t.database.db
    .insert(contentQuestions)
    .values([
      {
        tenantId: world.tenantId,
        contentId: survey.id,
        sort: 1,
        subjectType: 11,
        subjectName: '您常推荐的品类',
        optionList: ['感冒药', '维生素', '肠胃药'].map((optionContent) => ({
          optionContent,
          address: '',
          type: 1,
          isMust: 0,
          bindOption: 0,
        })),
      },
      { tenantId: world.tenantId, contentId: survey.id, sort: 2, subjectType: 100, subjectName: '您的建议' },
    ])
    .returning();
  questionIds = questions.map((question) => question.id);
  const answered = [...first.taskIds.slice(0, 2), second.taskIds[0]];
  await sql('update tasks set resource_id = $1 where id = any($2::int[])', [survey.id, answered]);
  const choices = [[0, 1], [0], [2]];
  for (const [index, taskId] of answered.entries()) {
    await t.database.db.insert(taskSurveyAnswers).values([
      {
        tenantId: world.tenantId,
        enterpriseId: world.enterpriseId,
        taskId,
        questionId: questionIds[0],
        optionIds: choices[index],
      },
      {
        tenantId: world.tenantId,
        enterpriseId: world.enterpriseId,
        taskId,
        questionId: questionIds[1],
        content: index === 2 ? '' : '多做培训',
      },
    ]);
  }
  ({ id: paidId, settlementSn: paidSn } = await paidOutSettlement(t, world, '2000.00'));
  await addWorker(t, world, { priceFen: 5_000 });
  pendingId = (await createSettlement(t, world)).json().result.id;
  await addWorker(t, foreign, { priceFen: 5_000 });
});

describe('the report before the statement', () => {
  it('refuses the overview of a settlement the row rule does not offer the report on', async () => {
    const early = await get(t.app, world.enterprise, '/api/sys/order/report/overview', { settlementId: paidId });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(REPORT_MSG.notReportable);
    const pending = await get(t.app, world.enterprise, '/api/sys/order/report/overview', { settlementId: pendingId });
    expect(pending.statusCode).toBe(422);
    expect((await sql('select count(*)::int as n from settlement_reports')).rows[0]).toEqual({ n: 0 });
  });
});

describe('the report calls', () => {
  beforeAll(async () => {
    expect((await post(t.app, world.enterprise, '/api/sys/order/pdf/create', { id: paidId })).statusCode).toBe(200);
    await generateStatement(t.services, { settlementId: paidId });
  });

  it('breaks the tasks down by service type', async () => {
    const response = await get(t.app, world.enterprise, '/api/sys/order/report/taskTypeList', { settlementId: paidId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual([
      {
        visitTypeId: 'cgfw',
        visitTypeValue: '采购服务',
        taskTypeValue: '采购服务',
        taskRemark: expect.any(String),
        taskNum: 4,
        amount: '750.00',
      },
    ]);
  });

  it('pages the products (30 a page by default) with the specification and maker of the library', async () => {
    const response = await get(t.app, world.enterprise, '/api/sys/order/report/productPage', { settlementId: paidId });
    expect(response.json().result).toEqual({
      records: [
        {
          productName: '复方感冒灵颗粒',
          productGuige: '10g*9袋',
          productFactory: '华润三九医药',
          productNum: 3,
          amount: '600.00',
        },
        { productName: '维C银翘片', productGuige: '', productFactory: '', productNum: 1, amount: '150.00' },
      ],
      total: 2,
    });
    const second = await get(t.app, world.enterprise, '/api/sys/order/report/productPage', {
      settlementId: paidId,
      pageNo: 2,
      pageSize: 1,
    });
    expect(second.json().result).toMatchObject({ records: [{ productName: '维C银翘片' }], total: 2 });
    const past = await get(t.app, world.enterprise, '/api/sys/order/report/productPage', {
      settlementId: paidId,
      pageNo: 5,
      pageSize: 1,
    });
    expect(past.json().result).toEqual({ records: [], total: 2 });
  });

  it('pages the people with their products, terminals, tasks and amount', async () => {
    const response = await get(t.app, world.staff, '/api/sys/order/report/personPage', { settlementId: paidId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({
      records: [
        { userName: '报告甲', productNum: 1, orgNum: 1, userNum: 3, amount: '600.00' },
        { userName: '报告乙', productNum: 1, orgNum: 1, userNum: 1, amount: '150.00' },
      ],
      total: 2,
    });
    // a page past the last still counts the people
    const past = await get(t.app, world.staff, '/api/sys/order/report/personPage', {
      settlementId: paidId,
      pageNo: 3,
      pageSize: 1,
    });
    expect(past.json().result).toEqual({ records: [], total: 2 });
  });

  it('pages the task details (10 a page by default), the customer and its authentication', async () => {
    const response = await get(t.app, world.enterprise, '/api/sys/order/report/taskPage', { settlementId: paidId });
    const { records, total } = response.json().result;
    expect(total).toBe(4);
    const mine = records.find((row: { taskId: number }) => row.taskId === first.taskIds[0]);
    expect(mine).toMatchObject({
      userName: '报告甲',
      cusList: [{ cusName: '王药师' }],
      cusId: customerId,
      cusIsAuth: 1,
      orgName: '仁和大药房',
      productName: '复方感冒灵颗粒',
      visitType: '采购服务',
      auditStatus_dictText: '审核通过',
      price: '200.00',
    });
    expect(mine.userPhone).toMatch(/\*\*\*\*/);
    expect(mine.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const other = records.find((row: { taskId: number }) => row.taskId === second.taskIds[0]);
    expect(other).toMatchObject({ cusList: [], cusId: null, cusIsAuth: 0 });
    // the icon opens the customers area's verification check (decision 0027), which passes this customer
    const check = await get(t.app, world.enterprise, '/api/sys/customer/checkVerify', { id: customerId });
    expect(check.statusCode, check.body).toBe(200);
    // the authentication follows the customer's current certification, not the task's copy
    await sql('update customers set auth_status = 3 where id = $1', [customerId]);
    const revoked = await get(t.app, world.enterprise, '/api/sys/order/report/taskPage', { settlementId: paidId });
    const again = revoked.json().result.records.find((row: { taskId: number }) => row.taskId === first.taskIds[0]);
    expect(again).toMatchObject({ cusId: customerId, cusIsAuth: 0 });
    await sql('update customers set auth_status = 1 where id = $1', [customerId]);
    // a page past the last still counts the tasks
    const past = await get(t.app, world.enterprise, '/api/sys/order/report/taskPage', {
      settlementId: paidId,
      pageNo: 2,
    });
    expect(past.json().result).toEqual({ records: [], total: 4 });
  });

  it('counts the questionnaire: choices with their ratios, other types by their valid answers', async () => {
    const response = await get(t.app, world.enterprise, '/api/sys/order/report/questionCount', { orderId: paidId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual([
      {
        contentId: expect.any(Number),
        title: '门店调研问卷',
        questions: [
          {
            questionId: questionIds[0],
            name: '您常推荐的品类',
            typeName: '多选',
            type: 11,
            totalNum: 3,
            detailVoList: [
              { readingKey: '感冒药', readingValue: 2, ratio: '66.67' },
              { readingKey: '维生素', readingValue: 1, ratio: '33.33' },
              { readingKey: '肠胃药', readingValue: 1, ratio: '33.33' },
            ],
          },
          {
            questionId: questionIds[1],
            name: '您的建议',
            typeName: '长文本',
            type: 100,
            totalNum: 2,
            detailVoList: [],
          },
        ],
      },
    ]);
  });

  it('makes the report number once at the first look; the job renders the Chinese PDF', async () => {
    const overview = await get(t.app, world.enterprise, '/api/sys/order/report/overview', { settlementId: paidId });
    expect(overview.statusCode, overview.body).toBe(200);
    const first = overview.json().result;
    expect(first).toMatchObject({
      settlementId: paidId,
      orderSn: paidSn,
      visitTypeId: 'cgfw',
      totalTask: 4,
      totalPersonNum: 2,
      orgNum: 2,
      productNum: 2,
      taskAmount: '750.00',
      // the project in progress, labelled as spec 2 §9 lists the project statuses
      projectStatus: 4,
      projectStatusLabel: '进行中',
      fileList: [],
      reportFileList: [],
    });
    expect(first.settlementSn).toMatch(/^BG\d{8}\d{8}$/);
    await generateReport(t.services, { settlementId: paidId });
    expect(await generatePendingReports(t.services)).toBe(0);
    const again = (await get(t.app, world.staff, '/api/sys/order/report/overview', { settlementId: paidId })).json()
      .result;
    expect(again.settlementSn).toBe(first.settlementSn);
    expect(again.reportStatus).toBe(2);
    expect(again.address).not.toBe('');
    const file = await t.services.files.findByAddress(again.address);
    const stream = await t.services.files.storage.openRead(file?.storageKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    const text = await pdfText(Buffer.concat(chunks));
    for (const words of [
      '结算报告',
      first.settlementSn,
      '整体总览',
      '任务场景明细',
      '推广产品构成',
      '复方感冒灵颗粒',
      '项目状态',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('推广人员构成');
    expect(text).toContain('报告甲');
    expect(text).toContain('随时随地，接单赚钱');
  });

  it('regenerates with the report PDFs of the enterprise; refuses a foreign file and the platform side', async () => {
    const saved = await uploadReportFile(world.enterprise, paidId, '门店陈列照片说明.pdf', '门店陈列说明');
    const byPlatform = await post(t.app, world.staff, '/api/sys/order/report/regenerate', {
      settlementId: paidId,
      fileList: [saved],
    });
    expect(byPlatform.statusCode).toBe(403);
    const wrongRecord = await uploadReportFile(world.enterprise, pendingId, '别的结算单.pdf', '别的');
    const refused = await post(t.app, world.enterprise, '/api/sys/order/report/regenerate', {
      settlementId: paidId,
      fileList: [wrongRecord],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REPORT_MSG.fileNotYours);
    const response = await post(t.app, world.enterprise, '/api/sys/order/report/regenerate', {
      settlementId: paidId,
      fileList: [saved],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: '正在生成确认单，请稍后进行下载', result: { reportStatus: 1 } });
    await generateReport(t.services, { settlementId: paidId });
    const overview = (
      await get(t.app, world.enterprise, '/api/sys/order/report/overview', { settlementId: paidId })
    ).json().result;
    expect(overview.reportStatus).toBe(2);
    expect(overview.reportFileList).toEqual([saved]);
    // the number stays
    expect((await sql('select count(*)::int as n from settlement_reports')).rows[0]).toEqual({ n: 1 });
    // the file dropped from the list is deleted
    const emptied = await post(t.app, world.enterprise, '/api/sys/order/report/regenerate', {
      settlementId: paidId,
      fileList: [],
    });
    expect(emptied.statusCode).toBe(200);
    const gone = await t.services.files.findByAddress(saved.fileAddress);
    expect(gone?.delFlag).toBe(1);
    await generateReport(t.services, { settlementId: paidId });
  });

  it('files the report PDF in the download cache of the one who asked', async () => {
    const response = await post(t.app, world.enterprise, '/api/sys/order/report/download', { settlementId: paidId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('下载任务已提交，您可点击右上角下载按钮下载所需文件');
    const { cacheId } = response.json().result;
    await t.services.exports.run(cacheId);
    const { rows } = await sql(
      'select download_status, download_type, file_name, service_type from download_caches where id = $1',
      [cacheId],
    );
    expect(rows[0]).toMatchObject({ download_status: 1, download_type: 4, service_type: '采购服务' });
    expect(rows[0].file_name).toMatch(/^结算报告_\d{14}\.pdf$/);
    const downloaded = await get(t.app, world.enterprise, '/api/sys/downloadCache/download', { id: cacheId });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(downloaded.rawPayload)).toContain('推广任务明细构成');
  });
});

describe('the wall and bad input', () => {
  const reads = [
    ['/api/sys/order/report/taskTypeList', (id: number) => ({ settlementId: id })],
    ['/api/sys/order/report/productPage', (id: number) => ({ settlementId: id })],
    ['/api/sys/order/report/personPage', (id: number) => ({ settlementId: id })],
    ['/api/sys/order/report/taskPage', (id: number) => ({ settlementId: id })],
    ['/api/sys/order/report/overview', (id: number) => ({ settlementId: id })],
    ['/api/sys/order/report/questionCount', (id: number) => ({ orderId: id })],
  ] as const;

  it('refuses the enterprise and staff of another tenant, and a user without the permission', async () => {
    for (const [url, query] of reads) {
      const byForeign = await get(t.app, foreign.enterprise, url, query(paidId));
      expect(byForeign.statusCode, url).toBe(404);
      expect(byForeign.json().message).toBe('结算单不存在');
      expect((await get(t.app, foreign.staff, url, query(paidId))).statusCode, url).toBe(404);
    }
    expect(
      (await post(t.app, foreign.enterprise, '/api/sys/order/report/download', { settlementId: paidId })).statusCode,
    ).toBe(404);
    expect(
      (
        await post(t.app, foreign.enterprise, '/api/sys/order/report/regenerate', {
          settlementId: paidId,
          fileList: [],
        })
      ).statusCode,
    ).toBe(404);
    const bare = await createPlatformUser(t.database, { tenantId: world.tenantId, roleCode: null });
    const session = await login(t.app, 'platform', bare.username, bare.password);
    expect((await get(t.app, session, '/api/sys/order/report/overview', { settlementId: paidId })).statusCode).toBe(
      403,
    );
  });

  it('answers 400 for a missing or malformed id and a file list that is not one', async () => {
    for (const [url] of reads) {
      expect((await get(t.app, world.enterprise, url, {})).statusCode, url).toBe(400);
      expect((await get(t.app, world.enterprise, url, { settlementId: 'abc', orderId: 'abc' })).statusCode, url).toBe(
        400,
      );
    }
    const badList = await post(t.app, world.enterprise, '/api/sys/order/report/regenerate', {
      settlementId: paidId,
      fileList: 'x',
    });
    expect(badList.statusCode).toBe(400);
    const noName = await post(t.app, world.enterprise, '/api/sys/order/report/regenerate', {
      settlementId: paidId,
      fileList: [{ fileName: '', fileType: 'pdf', fileAddress: 'x', fileSize: 1 }],
    });
    expect(noName.statusCode).toBe(400);
  });
});
