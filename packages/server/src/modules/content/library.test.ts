import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeaders,
  createEnterpriseUser,
  createPlatformUser,
  createRole,
  createTenant,
  login,
  useTestApp,
} from '../../../test/app';
import { contentItems, contentQuestions } from '../../db/schema';

const t = useTestApp();
type Headers = ReturnType<typeof authHeaders>;

let tenantA: number;
let ownerHeaders: Headers;
let ownerEnterprise: number;
let neighbourHeaders: Headers;
let foreignHeaders: Headers;
let staffHeaders: Headers;

async function enterpriseHeaders(tenantId: number, roleCode?: string) {
  const user = await createEnterpriseUser(t.database, { tenantIds: [tenantId], roleCode });
  const session = await login(t.app, 'enterprise', user.username, user.password);
  return { headers: authHeaders(session), enterpriseId: user.enterpriseIds[0] };
}

const post = (headers: Headers, path: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/sys/resource/${path}`, headers, payload: payload as object });
const get = (headers: Headers, path: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/sys/resource/${path}?${query}`, headers });

const questionnaire = {
  type: 2,
  title: '门店满意度调研',
  questionList: [
    {
      subjectType: 10,
      subjectName: '门店类型',
      required: 1,
      optionList: [{ optionContent: '连锁' }, { optionContent: '单体' }],
    },
    { subjectType: 13, subjectName: '满意度', optionList: [{ optionContent: '应被丢弃' }] },
    {
      subjectType: 101,
      subjectName: '是否陈列',
      optionList: [{ optionContent: '是' }, { optionContent: '否，原因', type: 2, isMust: 1 }],
    },
    { subjectType: 16, subjectName: '附件' },
  ],
};

beforeAll(async () => {
  tenantA = await createTenant(t.database);
  const owner = await enterpriseHeaders(tenantA);
  ownerHeaders = owner.headers;
  ownerEnterprise = owner.enterpriseId;
  neighbourHeaders = (await enterpriseHeaders(tenantA)).headers;
  foreignHeaders = (await enterpriseHeaders(await createTenant(t.database))).headers;
  const staff = await createPlatformUser(t.database, { tenantId: tenantA });
  staffHeaders = authHeaders(await login(t.app, 'platform', staff.username, staff.password));
});

describe('the content library', () => {
  it('an enterprise writes an article whose HTML is sanitised, and a questionnaire with its questions', async () => {
    const article = await post(ownerHeaders, 'add', {
      type: 1,
      title: '  新品介绍  ',
      author: '市场部',
      content:
        '<p onclick="steal()">正文<strong>加粗</strong><script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><iframe src="https://evil"></iframe>',
    });
    expect(article.statusCode).toBe(200);
    expect(article.json()).toMatchObject({ success: true, message: '保存成功' });
    const articleId = article.json().result.id;
    const detail = (await get(ownerHeaders, 'queryById', `id=${articleId}`)).json().result;
    expect(detail).toMatchObject({ type: 1, title: '新品介绍', author: '市场部', status: 1, questionList: [] });
    expect(detail.content).toBe('<p>正文<strong>加粗</strong></p><img src="x" /><a rel="noopener noreferrer">链接</a>');

    const made = await post(ownerHeaders, 'add', questionnaire);
    expect(made.statusCode).toBe(200);
    const q = (await get(ownerHeaders, 'queryById', `id=${made.json().result.id}`)).json().result;
    expect(q.questionList.map((x: { subjectType: number }) => x.subjectType)).toEqual([10, 13, 101, 16]);
    expect(q.questionList[1].optionList).toEqual([]);
    expect(q.questionList[2].optionList[1]).toMatchObject({ optionContent: '否，原因', type: 2, isMust: 1 });

    const list = (await get(ownerHeaders, 'queryList', 'title=新品&pageSize=10')).json().result;
    expect(list.records).toEqual([expect.objectContaining({ id: articleId, type: 1, companyId: ownerEnterprise })]);
    const questionnaires = (await get(ownerHeaders, 'queryList', 'type=2')).json().result;
    expect(questionnaires.records).toEqual([expect.objectContaining({ title: '门店满意度调研', questionCount: 4 })]);
  });

  it('a list asked again shows what was added since', async () => {
    const before = (await get(ownerHeaders, 'queryList', 'type=1&pageNo=1&pageSize=20')).json().result;
    const id = (await post(ownerHeaders, 'add', { type: 1, title: '刚刚新增', content: '<p>x</p>' })).json().result.id;
    const after = (await get(ownerHeaders, 'queryList', 'type=1&pageNo=1&pageSize=20')).json().result;
    expect(after.total).toBe(before.total + 1);
    expect(after.records[0].id).toBe(id);
  });

  it('answers the validation messages', async () => {
    const cases: [unknown, string][] = [
      [{ type: 1, title: ' ', content: '<p>x</p>' }, '标题：请输入标题'],
      [{ type: 1, title: 'x'.repeat(101), content: '<p>x</p>' }, '标题：标题不能超过100个字符'],
      [{ type: 1, title: '空文章', content: '<p> </p>' }, '内容：请输入文章内容'],
      [{ type: 2, title: '空问卷', questionList: [] }, '题目：请添加题目'],
      [{ type: 2, title: '问卷', questionList: [{ subjectType: 12, subjectName: '题' }] }, '题型：题型不存在'],
      [{ type: 2, title: '问卷', questionList: [{ subjectType: 15, subjectName: '' }] }, '题目名称：请输入题目名称'],
      [
        {
          type: 2,
          title: '问卷',
          questionList: [{ subjectType: 11, subjectName: '多选', optionList: [{ optionContent: 'a' }] }],
        },
        '选项：请至少添加两个选项',
      ],
      [
        {
          type: 2,
          title: '问卷',
          questionList: [
            { subjectType: 10, subjectName: '单选', optionList: [{ optionContent: 'a' }, { optionContent: '' }] },
          ],
        },
        '选项内容：请输入选项内容',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await post(ownerHeaders, 'add', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses another enterprise and another tenant: nothing foreign answers and nothing changes', async () => {
    const id = (await post(ownerHeaders, 'add', { type: 1, title: '只属于本企业', content: '<p>正文</p>' })).json()
      .result.id;
    for (const headers of [neighbourHeaders, foreignHeaders]) {
      expect((await get(headers, 'queryById', `id=${id}`)).json()).toMatchObject({
        success: false,
        message: '文章/问卷不存在',
      });
      expect((await get(headers, 'queryList', 'title=只属于本企业')).json().result.total).toBe(0);
      const edit = await post(headers, 'edit', { id, type: 1, title: '被改了', content: '<p>改</p>' });
      expect(edit.json()).toMatchObject({ success: false, message: '文章/问卷不存在' });
      expect((await post(headers, 'updateStatus', { id, status: 0 })).json().success).toBe(false);
      expect((await post(headers, 'delete', { id })).json().success).toBe(false);
    }
    const [row] = await t.database.db.select().from(contentItems).where(eq(contentItems.id, id));
    expect(row).toMatchObject({ title: '只属于本企业', status: 1, content: '<p>正文</p>' });
  });

  it("platform staff read their tenant's content but do not write it", async () => {
    const id = (await post(ownerHeaders, 'add', { type: 1, title: '平台可见', content: '<p>正文</p>' })).json().result
      .id;
    const list = (await get(staffHeaders, 'queryList', `title=平台可见&companyId=${ownerEnterprise}`)).json().result;
    expect(list.records).toEqual([expect.objectContaining({ id, companyId: ownerEnterprise })]);
    expect((await get(staffHeaders, 'queryById', `id=${id}`)).json().result.title).toBe('平台可见');
    expect((await post(staffHeaders, 'delete', { id })).statusCode).toBe(403);
  });

  it('edits replace the questions, disable hides from a status filter, delete removes', async () => {
    const id = (await post(ownerHeaders, 'add', { ...questionnaire, title: '将被编辑' })).json().result.id;
    const edit = await post(ownerHeaders, 'edit', {
      id,
      type: 2,
      title: '已编辑',
      questionList: [{ subjectType: 100, subjectName: '建议' }],
    });
    expect(edit.json()).toMatchObject({ success: true, message: '保存成功' });
    const questions = await t.database.db.select().from(contentQuestions).where(eq(contentQuestions.contentId, id));
    expect(questions.map((q) => q.subjectName)).toEqual(['建议']);
    expect(
      (await post(ownerHeaders, 'edit', { id, type: 1, title: '改类型', content: '<p>x</p>' })).json().message,
    ).toBe('类型不可修改');

    expect((await post(ownerHeaders, 'updateStatus', { id, status: 0 })).json().success).toBe(true);
    expect((await get(ownerHeaders, 'queryList', 'title=已编辑&status=1')).json().result.total).toBe(0);
    expect((await post(ownerHeaders, 'delete', { id })).json()).toMatchObject({ success: true, message: '删除成功' });
    expect(await t.database.db.select().from(contentItems).where(eq(contentItems.id, id))).toEqual([]);
  });

  it('answers 403 without the permission codes', async () => {
    const roleCode = await createRole(t.database, { tenantId: tenantA, side: 'enterprise', permissions: [] });
    const { headers } = await enterpriseHeaders(tenantA, roleCode);
    expect((await get(headers, 'queryList', '')).statusCode).toBe(403);
    expect((await post(headers, 'add', { type: 1, title: 'x', content: '<p>x</p>' })).statusCode).toBe(403);
  });
});
