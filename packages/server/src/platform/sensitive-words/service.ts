import { MSG, type Page, type SensitiveWordRecord } from '@fieldpay/domain';
import { and, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { sensitiveWords } from '../../db/schema';
import { fail } from '../../core/errors';
import type { Principal } from '../auth/sessions';
import type { AppContext } from '../context';
import { type AuditActor, writeAudit } from '../system/audit';
import { normalizeForMatch, SensitiveWordMatcher } from './matcher';

/**
 * Another replica's edits reach this process's matcher within this time; edits made here rebuild it
 * at once.
 */
export const MATCHER_REFRESH_MS = 30_000;
/** The normalized form may grow (NFKC expands a few compatibility characters); the column holds 60. */
const NORMALIZED_MAX_LENGTH = 60;

export interface SensitiveWordActor {
  principal: Principal;
  ip: string;
}

const auditActor = ({ principal, ip }: SensitiveWordActor): AuditActor => ({
  userId: principal.userId,
  name: principal.realname,
  side: principal.side,
  tenantId: principal.tenantId,
  ip,
});

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern. */
const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The sensitive-word list and its matcher. Other modules call `findIn(text)` before saving text
 * that users will read (service descriptions, agreement templates); the console calls the check
 * route first so the user sees which words to change.
 */
export class SensitiveWordService {
  private matcher: SensitiveWordMatcher | null = null;
  private loadedAt = 0;
  private loading: Promise<SensitiveWordMatcher> | null = null;
  /** Loads may overlap (a periodic refresh and a rebuild after an edit); only the latest one is kept. */
  private generation = 0;

  constructor(private readonly ctx: AppContext) {}

  /** The listed words found in `text`, as listed; empty when clean. */
  async findIn(text: string): Promise<string[]> {
    if (text.trim() === '') return [];
    return (await this.currentMatcher()).find(text);
  }

  /** Refuses text that holds listed words (422, naming them), for modules saving user text. */
  async assertClean(text: string): Promise<void> {
    const words = await this.findIn(text);
    if (words.length > 0) throw fail.rule(MSG.sensitiveWordsFoundNamed(words));
  }

  private async currentMatcher(now = Date.now()): Promise<SensitiveWordMatcher> {
    if (this.matcher && now - this.loadedAt < MATCHER_REFRESH_MS) return this.matcher;
    // concurrent checks share one load
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<SensitiveWordMatcher> {
    const generation = ++this.generation;
    const rows = await this.ctx.db
      .select({ word: sensitiveWords.word, normalized: sensitiveWords.normalized })
      .from(sensitiveWords)
      .where(isNull(sensitiveWords.deletedAt))
      .orderBy(sensitiveWords.id);
    const matcher = new SensitiveWordMatcher(rows);
    if (generation === this.generation) {
      this.matcher = matcher;
      this.loadedAt = Date.now();
    }
    return matcher;
  }

  /** Rebuilds the matcher from the table now (after an edit on this process). */
  async rebuild(): Promise<void> {
    await this.load();
  }

  async list(query: { pageNo: number; pageSize: number; word?: string }): Promise<Page<SensitiveWordRecord>> {
    const { db } = this.ctx;
    const filter = query.word
      ? or(
          ilike(sensitiveWords.word, likeContains(query.word)),
          ilike(sensitiveWords.normalized, likeContains(normalizeForMatch(query.word))),
        )
      : undefined;
    return paged(db, query, {
      from: sensitiveWords,
      where: and(isNull(sensitiveWords.deletedAt), filter),
      key: sensitiveWords.id,
      orderBy: [
        [sensitiveWords.createdAt, 'desc'],
        [sensitiveWords.id, 'desc'],
      ],
      rows: (page) =>
        db
          .select({
            id: sensitiveWords.id,
            word: sensitiveWords.word,
            createName: sensitiveWords.createdName,
            createdAt: sensitiveWords.createdAt,
            ...page.columns,
          })
          .from(sensitiveWords)
          .where(inArray(sensitiveWords.id, page.keys))
          .orderBy(...page.orderBy),
      toRecord: (row) => ({
        id: row.id,
        word: row.word,
        createName: row.createName,
        createTime: row.createdAt.getTime(),
      }),
    });
  }

  /**
   * Adds words (a word deleted earlier comes back). Words already listed — in any width, case or
   * spacing — are answered as existing and left alone.
   */
  async add(words: readonly string[], actor: SensitiveWordActor): Promise<{ added: string[]; existing: string[] }> {
    const wanted = new Map<string, string>();
    for (const word of words) {
      const normalized = normalizeForMatch(word);
      if (normalized === '') throw fail.validation(MSG.sensitiveWordBlank);
      if (Array.from(normalized).length > NORMALIZED_MAX_LENGTH) throw fail.validation(MSG.sensitiveWordTooLong(30));
      if (!wanted.has(normalized)) wanted.set(normalized, word);
    }
    const result = await this.ctx.db.transaction(async (tx) => {
      const known = await tx
        .select()
        .from(sensitiveWords)
        .where(inArray(sensitiveWords.normalized, [...wanted.keys()]))
        .for('update');
      const byNormalized = new Map(known.map((row) => [row.normalized, row]));
      const added: string[] = [];
      const existing: string[] = [];
      for (const [normalized, word] of wanted) {
        const row = byNormalized.get(normalized);
        if (row && row.deletedAt === null) {
          existing.push(row.word);
          continue;
        }
        const values = {
          word,
          normalized,
          createdBy: actor.principal.userId,
          createdName: actor.principal.realname,
          createdAt: new Date(),
          deletedAt: null,
          deletedBy: null,
        };
        const [saved] = row
          ? await tx.update(sensitiveWords).set(values).where(eq(sensitiveWords.id, row.id)).returning()
          : await tx.insert(sensitiveWords).values(values).onConflictDoNothing().returning();
        if (!saved) {
          // listed by a concurrent request since we looked
          existing.push(word);
          continue;
        }
        await writeAudit(tx, auditActor(actor), {
          action: 'sensitiveWord.add',
          targetType: 'sensitiveWord',
          targetId: saved.id,
          after: { word },
        });
        added.push(word);
      }
      return { added, existing };
    });
    if (result.added.length > 0) await this.rebuild();
    return result;
  }

  /** Deletes listed words by id; ids not listed (or already deleted) are ignored. Answers how many went. */
  async remove(ids: readonly number[], actor: SensitiveWordActor): Promise<number> {
    const removed = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx
        .update(sensitiveWords)
        .set({ deletedAt: new Date(), deletedBy: actor.principal.userId })
        .where(and(inArray(sensitiveWords.id, [...ids]), isNull(sensitiveWords.deletedAt)))
        .returning({ id: sensitiveWords.id, word: sensitiveWords.word });
      for (const row of rows) {
        await writeAudit(tx, auditActor(actor), {
          action: 'sensitiveWord.delete',
          targetType: 'sensitiveWord',
          targetId: row.id,
          before: { word: row.word },
        });
      }
      return rows.length;
    });
    if (removed > 0) await this.rebuild();
    return removed;
  }
}

/** The starter list: added once; a starter word the operator deleted stays deleted. */
export async function seedSensitiveWords(db: DbOrTx, words: readonly string[]): Promise<void> {
  const rows = new Map<string, string>();
  for (const word of words) {
    const normalized = normalizeForMatch(word);
    if (normalized && !rows.has(normalized)) rows.set(normalized, word);
  }
  if (rows.size === 0) return;
  await db
    .insert(sensitiveWords)
    .values([...rows].map(([normalized, word]) => ({ word, normalized, createdName: '系统预置' })))
    .onConflictDoNothing({ target: sensitiveWords.normalized });
}
