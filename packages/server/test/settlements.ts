/**
 * A settlement world for tests: a tenant with a CMB platform and its channel account, an
 * enterprise (its user, its paying bank funded through the bank, its transaction password), a
 * project in progress on a tax source, persons with verified cards, and audited rewarded tasks.
 * Fixture rows are inserted directly; the money goes through the bank and the ledger.
 */
import crypto from 'node:crypto';
import type { LoginUserInfo } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  channelAccounts,
  enterprisePayPasswords,
  personBankCards,
  projects,
  projectServiceTypes,
  taskPhotos,
  tasks,
  taxSources,
  virtualAccounts,
} from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/passwords';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createTenant,
  encryptPassword,
  getKey,
  login,
  type TestContext,
} from './app';
import { drainPayouts } from '../src/modules/settlements/payouts';
import { insertBankPlatform, insertPerson, insertProject } from './lookups';

export const PAY_PASSWORD = '135790';
let serial = 0;
const next = () => `${Date.now() % 1_000_000}${String(++serial).padStart(3, '0')}`;

export interface SettlementWorld {
  tenantId: number;
  enterpriseId: number;
  enterprise: LoginUserInfo;
  enterpriseUserId: number;
  phone: string;
  staff: LoginUserInfo;
  virtualAccountId: number;
  virtualAccountNo: string;
  channelAccountNo: string;
  projectId: number;
  serviceTypeId: number;
}

export async function createSettlementWorld(
  t: TestContext,
  options: { taxModel?: number } = {},
): Promise<SettlementWorld> {
  const tenantId = await createTenant(t.database);
  const platformId = await insertBankPlatform(t.database, tenantId, `招商银行CBS直连${next()}`, 'CMB');
  const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId] });
  const enterpriseId = user.enterpriseIds[0];
  const virtualAccountNo = `73${next()}`;
  const channelAccountNo = `57${next()}`;
  const [account] = await t.database.db
    .insert(virtualAccounts)
    .values({ tenantId, enterpriseId, platformId, accountName: '测试企业', accountNo: virtualAccountNo })
    .returning({ id: virtualAccounts.id });
  await t.database.db
    .insert(channelAccounts)
    .values({ tenantId, platformId, accountNo: channelAccountNo, accountName: '测试平台结算户' });
  const bank = await t.services.bank.gateway();
  await bank.openAccount({ accountNo: channelAccountNo, accountName: '测试平台结算户' });
  // transfers finish at the next question rather than two seconds later
  await bank.setFinishDelay(0);
  await t.database.db
    .insert(enterprisePayPasswords)
    .values({ tenantId, enterpriseId, passwordHash: await hashPassword(PAY_PASSWORD), updatedBy: user.id });
  const [tax] = await t.database.db
    .insert(taxSources)
    .values({ tenantId, taxName: `测试税源地${next()}`, taxModel: options.taxModel ?? 1 })
    .returning({ id: taxSources.id });
  const projectId = await insertProject(
    t.database,
    { tenantId, enterpriseId },
    {
      projectName: `结算测试项目${next()}`,
      projectStatus: 4,
    },
  );
  await t.database.db.update(projects).set({ taxId: tax.id }).where(eq(projects.id, projectId));
  const [serviceType] = await t.database.db
    .insert(projectServiceTypes)
    .values({ tenantId, enterpriseId, projectId, visitParentId: 'cgfw', visitId: 'cgfw' })
    .returning({ id: projectServiceTypes.id });
  const staffUser = await createPlatformUser(t.database, { tenantId });
  return {
    tenantId,
    enterpriseId,
    enterprise: await login(t.app, 'enterprise', user.username, user.password),
    enterpriseUserId: user.id,
    phone: user.username,
    staff: await login(t.app, 'platform', staffUser.username, staffUser.password),
    virtualAccountId: account.id,
    virtualAccountNo,
    channelAccountNo,
    projectId,
    serviceTypeId: serviceType.id,
  };
}

/** A person with a verified default card (or none), and `count` audited tasks of `priceFen` each. */
export async function addWorker(
  t: TestContext,
  world: SettlementWorld,
  options: { name?: string; count?: number; priceFen?: number; card?: boolean } = {},
) {
  const name = options.name ?? `测试人员${next()}`;
  const personId = await insertPerson(t.database, world.tenantId, { name });
  const accountNo = `62${next()}${String(personId).padStart(6, '0')}`.slice(0, 19);
  if (options.card !== false)
    await t.database.db.insert(personBankCards).values({
      tenantId: world.tenantId,
      personId,
      accountNo,
      accountName: name,
      bankName: '中国工商银行',
      verified: 1,
      isDefault: 1,
    });
  const now = Date.now();
  const taskIds: number[] = [];
  for (let index = 0; index < (options.count ?? 1); index++) {
    const [task] = await t.database.db
      .insert(tasks)
      .values({
        tenantId: world.tenantId,
        enterpriseId: world.enterpriseId,
        projectId: world.projectId,
        serviceTypeId: world.serviceTypeId,
        visitTypeId: 'cgfw',
        taskSn: `RW${next()}`,
        title: '门店拜访',
        startTime: new Date(now - 86_400_000 * 3),
        endTime: new Date(now + 86_400_000 * 3),
        personId,
        status: 2,
        auditStatus: 2,
        priceFen: options.priceFen ?? 10_000,
      })
      .returning({ id: tasks.id });
    taskIds.push(task.id);
  }
  return { personId, name, accountNo, taskIds };
}

export const get = (app: FastifyInstance, who: LoginUserInfo, url: string, query: Record<string, unknown> = {}) =>
  app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: authHeaders(who),
  });

export const post = (app: FastifyInstance, who: LoginUserInfo, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: authHeaders(who) });

/** Tops the paying bank up through the finance call (a deposit at the bank, credited to the ledger). */
export async function fund(t: TestContext, world: SettlementWorld, amount: string) {
  const response = await post(t.app, world.enterprise, '/api/sys/finance/account/topUp', {
    id: world.virtualAccountId,
    amount,
  });
  if (response.statusCode !== 200) throw new Error(`top-up failed: ${response.body}`);
}

export async function createSettlement(t: TestContext, world: SettlementWorld) {
  return post(t.app, world.enterprise, '/api/sys/order/createSettlementListV2', {
    requestId: crypto.randomUUID(),
    projectId: world.projectId,
    visitTypeId: 'cgfw',
  });
}

export const approve = (t: TestContext, world: SettlementWorld, settlementId: number) =>
  post(t.app, world.staff, '/api/sys/order/auditSettlement', { settlementId, auditStatus: 2 });

/** Asks for a payment code (aged past the resend wait first) and reads it from the outbox. */
export async function paymentCode(t: TestContext, world: SettlementWorld, settlementId: number): Promise<string> {
  await t.database.executeSql(
    `update sms_codes set created_at = created_at - interval '61 seconds' where user_id = $1`,
    [world.enterpriseUserId],
  );
  const sent = await post(t.app, world.enterprise, '/api/sys/password/sendPhone', {
    phone: world.phone,
    settlementId,
  });
  if (sent.statusCode !== 200) throw new Error(`sendPhone failed: ${sent.body}`);
  const { rows } = await t.database.executeSql(
    'select content from sms_outbox where phone = $1 order by id desc limit 1',
    [world.phone],
  );
  return /(\d{6})/.exec(String(rows[0]?.content))?.[1] ?? '';
}

/** The confirmSettlement body with the password encrypted under a fresh single-use key. */
export async function payBody(
  t: TestContext,
  world: SettlementWorld,
  settlementId: number,
  phoneCode: string,
  password = PAY_PASSWORD,
) {
  const key = await getKey(t.app);
  return {
    id: settlementId,
    bankNo: 'CMB',
    password: encryptPassword(key.publicKey, password),
    keyId: key.keyId,
    phone: world.phone,
    phoneCode,
    type: 1,
  };
}

export const pay = async (t: TestContext, world: SettlementWorld, settlementId: number) =>
  post(
    t.app,
    world.enterprise,
    '/api/sys/order/confirmSettlement',
    await payBody(t, world, settlementId, await paymentCode(t, world, settlementId)),
  );

/**
 * A settlement of the world's audited tasks taken through the whole payment: made, approved,
 * the bank funded with `topUp`, paid and its payouts run. Answers the settlement's id and number.
 */
export async function paidOutSettlement(t: TestContext, world: SettlementWorld, topUp: string) {
  const created = (await createSettlement(t, world)).json().result as { id: number; settlementSn: string };
  await approve(t, world, created.id);
  await fund(t, world, topUp);
  const paid = await pay(t, world, created.id);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  await drainPayouts(t.services, created.id);
  return { id: created.id, settlementSn: created.settlementSn };
}

/** A photo of a task, stored as the app stores one (fixture: the task is audited already). */
export async function addTaskPhoto(
  t: TestContext,
  world: SettlementWorld,
  task: { taskId: number; personId: number },
  fileName: string,
  bytes: Buffer,
) {
  const stored = await t.services.files.putAppBytes(world.tenantId, 'png', bytes, new Date());
  await t.database.db.insert(taskPhotos).values({
    tenantId: world.tenantId,
    enterpriseId: world.enterpriseId,
    taskId: task.taskId,
    personId: task.personId,
    kind: 'other',
    source: 'camera',
    fileName,
    extension: 'png',
    fileSize: bytes.length,
    ...stored,
  });
}
