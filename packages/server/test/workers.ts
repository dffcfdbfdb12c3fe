/**
 * Test helpers of the worker side shared by the task tests: a natural person who signs in to the
 * worker API with a phone and a password, and the store-staff questionnaire the survey tasks answer.
 */
import type { LoginUserInfo } from '@fieldpay/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contentItems, contentQuestions, persons } from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/passwords';
import { authHeaders, encryptPassword, getKey, type TestContext, uniqueMobile } from './app';

export const WORKER_PASSWORD = 'Worker@123456';

export interface Worker {
  token: string;
  personId: number;
  phone: string;
}

/** hashed once: argon2id is slow on purpose */
let passwordHash: Promise<string> | undefined;

export async function workerLoginRequest(t: TestContext, phone: string, password: string) {
  const { keyId, publicKey } = await getKey(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/worker/login',
    payload: { username: phone, password: encryptPassword(publicKey, password), keyId },
  });
}

/** A person of the tenant with WORKER_PASSWORD, signed in to the worker API. */
export async function createWorker(t: TestContext, tenantId: number): Promise<Worker> {
  const phone = uniqueMobile();
  passwordHash ??= hashPassword(WORKER_PASSWORD);
  const [row] = await t.database.db
    .insert(persons)
    .values({
      tenantId,
      userSn: `P${phone}`,
      name: `服务人员${phone.slice(-4)}`,
      phone,
      passwordHash: await passwordHash,
    })
    .returning({ id: persons.id });
  const response = await workerLoginRequest(t, phone, WORKER_PASSWORD);
  expect(response.json(), 'worker login').toMatchObject({ success: true });
  return { token: response.json().result.token, personId: row.id, phone };
}

/** The questionnaire 店员认知调研 of the session's enterprise: a required single choice, then a long text. */
export async function addStoreSurvey(
  t: TestContext,
  owner: LoginUserInfo,
): Promise<{ surveyId: number; questionIds: number[] }> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/sys/resource/add',
    headers: authHeaders(owner),
    payload: {
      type: 2,
      title: '店员认知调研',
      questionList: [
        {
          subjectType: 10,
          subjectName: '门店类型',
          required: 1,
          optionList: [{ optionContent: '连锁' }, { optionContent: '单体' }],
        },
        { subjectType: 100, subjectName: '其他建议' },
      ],
    },
  });
  expect(added.json(), 'questionnaire').toMatchObject({ success: true });
  const [{ id: surveyId }] = await t.database.db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(eq(contentItems.title, '店员认知调研'));
  const questions = await t.database.db
    .select({ id: contentQuestions.id })
    .from(contentQuestions)
    .where(eq(contentQuestions.contentId, surveyId))
    .orderBy(contentQuestions.sort);
  return { surveyId, questionIds: questions.map((row) => row.id) };
}
