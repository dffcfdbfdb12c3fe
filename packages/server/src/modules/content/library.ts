import {
  CONTENT_MESSAGES,
  type ContentDetail,
  type ContentListRecord,
  type Page,
  SUBJECT_TYPES,
  type SubjectType,
  type contentAddBodySchema,
  type contentEditBodySchema,
  type contentListQuerySchema,
} from '@fieldpay/domain';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { contentItems, contentQuestions, enterprises } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { sanitizeArticleHtml } from './sanitize';

type ListQuery = z.infer<typeof contentListQuerySchema>;
type AddBody = z.infer<typeof contentAddBodySchema>;
type EditBody = z.infer<typeof contentEditBodySchema>;

const scopeOf = (principal: Principal) => enterpriseScope(principal, contentItems.tenantId, contentItems.enterpriseId);

const questionCount = sql<number>`(select count(*)::int from ${contentQuestions} where ${contentQuestions.contentId} = ${contentItems.id})`;

/** Articles and questionnaires in the viewer's scope, newest first, searched by title. */
export async function listContent(
  db: DbOrTx,
  principal: Principal,
  query: ListQuery,
): Promise<Page<ContentListRecord>> {
  const where = and(
    scopeOf(principal),
    contains(contentItems.title, query.title),
    equalsIfGiven(contentItems.type, query.type),
    equalsIfGiven(contentItems.enterpriseId, query.companyId),
    equalsIfGiven(contentItems.status, query.status),
  );
  return paged(db, query, {
    from: contentItems,
    where,
    key: contentItems.id,
    orderBy: [[contentItems.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: contentItems.id,
          type: contentItems.type,
          title: contentItems.title,
          author: contentItems.author,
          cover: contentItems.cover,
          status: contentItems.status,
          companyId: contentItems.enterpriseId,
          companyName: enterprises.name,
          questionCount,
          updatedAt: contentItems.updatedAt,
          createdAt: contentItems.createdAt,
          ...page.columns,
        })
        .from(contentItems)
        .innerJoin(enterprises, eq(enterprises.id, contentItems.enterpriseId))
        .where(inArray(contentItems.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      author: row.author,
      cover: row.cover,
      status: row.status,
      companyId: row.companyId,
      companyName: row.companyName,
      questionCount: Number(row.questionCount),
      updateTime: row.updatedAt.getTime(),
      createTime: row.createdAt.getTime(),
    }),
  });
}

/** One item in scope with its questions; anything else (foreign or gone) is 文章/问卷不存在. */
export async function contentDetail(db: DbOrTx, principal: Principal, id: number): Promise<ContentDetail> {
  const [row] = await db
    .select({ item: contentItems, companyName: enterprises.name })
    .from(contentItems)
    .innerJoin(enterprises, eq(enterprises.id, contentItems.enterpriseId))
    .where(and(scopeOf(principal), eq(contentItems.id, id)));
  if (!row) throw fail.notFound(CONTENT_MESSAGES.notFound);
  const questions = await db
    .select()
    .from(contentQuestions)
    .where(and(eq(contentQuestions.tenantId, row.item.tenantId), eq(contentQuestions.contentId, id)))
    .orderBy(asc(contentQuestions.sort));
  const { item } = row;
  return {
    id: item.id,
    type: item.type,
    title: item.title,
    author: item.author,
    cover: item.cover,
    status: item.status,
    companyId: item.enterpriseId,
    companyName: row.companyName,
    questionCount: questions.length,
    updateTime: item.updatedAt.getTime(),
    createTime: item.createdAt.getTime(),
    content: item.content,
    questionList: questions.map((q) => ({
      id: q.id,
      subjectType: q.subjectType,
      subjectName: q.subjectName,
      subjectContent: q.subjectContent,
      required: q.required,
      optionList: q.optionList,
    })),
  };
}

/** Only enterprise users write content, and only their own enterprise's. */
function ownerOf(principal: Principal): { tenantId: number; enterpriseId: number } {
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
  return { tenantId: principal.tenantId, enterpriseId: principal.enterpriseId };
}

/** Questions as stored: options only where the subject type has them, short answers only for 101/102. */
function questionRows(body: AddBody, tenantId: number, contentId: number) {
  if (body.type !== 2) return [];
  return body.questionList.map((q, index) => {
    const kind = SUBJECT_TYPES[q.subjectType as SubjectType];
    return {
      tenantId,
      contentId,
      sort: index + 1,
      subjectType: q.subjectType,
      subjectName: q.subjectName,
      subjectContent: q.subjectContent,
      required: q.required,
      optionList: kind.options
        ? q.optionList.map((o) => ({
            ...o,
            type: kind.shortAnswer ? o.type : 1,
            isMust: kind.shortAnswer && o.type === 2 ? o.isMust : 0,
          }))
        : [],
    };
  });
}

const storedFields = (body: AddBody) => ({
  type: body.type,
  title: body.title,
  author: body.author,
  cover: body.cover,
  content: sanitizeArticleHtml(body.content),
  status: body.status,
});

export async function addContent(
  db: DbOrTx,
  principal: Principal,
  actor: AuditActor,
  body: AddBody,
): Promise<{ id: number }> {
  const owner = ownerOf(principal);
  const [created] = await db
    .insert(contentItems)
    .values({ ...owner, ...storedFields(body), createdBy: principal.userId })
    .returning({ id: contentItems.id });
  const questions = questionRows(body, owner.tenantId, created.id);
  if (questions.length) await db.insert(contentQuestions).values(questions);
  await writeAudit(db, actor, {
    action: 'content.add',
    targetType: 'content',
    targetId: created.id,
    after: { type: body.type, title: body.title },
  });
  return created;
}

/** The item of the principal's own enterprise, locked for the change; a foreign id is not found. */
async function ownItem(db: DbOrTx, principal: Principal, id: number) {
  const owner = ownerOf(principal);
  const [row] = await db
    .select({ id: contentItems.id, type: contentItems.type, title: contentItems.title, status: contentItems.status })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.tenantId, owner.tenantId),
        eq(contentItems.enterpriseId, owner.enterpriseId),
        eq(contentItems.id, id),
      ),
    )
    .for('update');
  if (!row) throw fail.notFound(CONTENT_MESSAGES.notFound);
  return { ...row, ...owner };
}

export async function editContent(db: DbOrTx, principal: Principal, actor: AuditActor, body: EditBody): Promise<void> {
  const item = await ownItem(db, principal, body.id);
  if (item.type !== body.type) throw fail.validation('类型不可修改');
  await db
    .update(contentItems)
    .set({ ...storedFields(body), updatedAt: new Date() })
    .where(and(eq(contentItems.tenantId, item.tenantId), eq(contentItems.id, item.id)));
  await db
    .delete(contentQuestions)
    .where(and(eq(contentQuestions.tenantId, item.tenantId), eq(contentQuestions.contentId, item.id)));
  const questions = questionRows(body, item.tenantId, item.id);
  if (questions.length) await db.insert(contentQuestions).values(questions);
  await writeAudit(db, actor, {
    action: 'content.edit',
    targetType: 'content',
    targetId: item.id,
    before: { title: item.title },
    after: { title: body.title, questions: questions.length },
  });
}

export async function setContentStatus(
  db: DbOrTx,
  principal: Principal,
  actor: AuditActor,
  id: number,
  status: 0 | 1,
): Promise<void> {
  const item = await ownItem(db, principal, id);
  if (item.status === status) return;
  await db
    .update(contentItems)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(contentItems.tenantId, item.tenantId), eq(contentItems.id, item.id)));
  await writeAudit(db, actor, {
    action: 'content.status',
    targetType: 'content',
    targetId: item.id,
    before: { status: item.status },
    after: { status },
  });
}

export async function deleteContent(db: DbOrTx, principal: Principal, actor: AuditActor, id: number): Promise<void> {
  const item = await ownItem(db, principal, id);
  await db.delete(contentItems).where(and(eq(contentItems.tenantId, item.tenantId), eq(contentItems.id, item.id)));
  await writeAudit(db, actor, {
    action: 'content.delete',
    targetType: 'content',
    targetId: item.id,
    before: { type: item.type, title: item.title },
  });
}

/**
 * The items of one enterprise among `ids` as a project's service type may cite them: each with its
 * type and whether it is enabled, and its title as stored. Ids of another enterprise or tenant, or
 * of no item, are left out; the caller decides what a missing, disabled or mistyped one means.
 */
export async function contentForProject(
  db: DbOrTx,
  owner: { tenantId: number; enterpriseId: number },
  ids: readonly number[],
): Promise<{ id: number; type: number; title: string; enabled: boolean }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: contentItems.id, type: contentItems.type, title: contentItems.title, status: contentItems.status })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.tenantId, owner.tenantId),
        eq(contentItems.enterpriseId, owner.enterpriseId),
        inArray(contentItems.id, [...ids]),
      ),
    );
  return rows.map((row) => ({ id: row.id, type: row.type, title: row.title, enabled: row.status === 1 }));
}

/** How many items an enterprise has (the demo step keeps itself idempotent with it). */
export async function countContent(db: DbOrTx, enterpriseId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(contentItems).where(eq(contentItems.enterpriseId, enterpriseId));
  return n;
}
