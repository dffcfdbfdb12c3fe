/**
 * 企业标签 (decision 0039): the tags of an enterprise, chosen from its platform's enterprise tags. A save
 * replaces the set under the enterprise's lock and is audited with the set it replaced.
 */
import { ENTERPRISE_TAG_MSG, ENTERPRISE_TAG_TYPE, type EnterpriseTag } from '@fieldpay/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fail } from '../../core/errors';
import type { DbOrTx } from '../../db/client';
import { enterpriseTags, tags } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import { enterpriseInScope } from './service';

interface Owner {
  tenantId: number;
  enterpriseId: number;
}

/** The tags on an enterprise (already in the viewer's scope), in the order they were defined. */
export async function tagsOf(db: DbOrTx, owner: Owner): Promise<EnterpriseTag[]> {
  return db
    .select({ id: tags.id, tag: tags.tag })
    .from(enterpriseTags)
    .innerJoin(tags, eq(tags.id, enterpriseTags.tagId))
    .where(and(eq(enterpriseTags.tenantId, owner.tenantId), eq(enterpriseTags.enterpriseId, owner.enterpriseId)))
    .orderBy(asc(tags.id));
}

export async function listEnterpriseTags(db: DbOrTx, principal: Principal, input: Owner): Promise<EnterpriseTag[]> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId);
  return tagsOf(db, { tenantId: enterprise.tenantId, enterpriseId: enterprise.id });
}

export async function saveEnterpriseTags(
  db: DbOrTx,
  principal: Principal,
  input: Owner & { tagIds: number[] },
  actor: AuditActor,
): Promise<null> {
  const enterprise = await enterpriseInScope(db, principal, input.enterpriseId, input.tenantId, { lock: true });
  const owner = { tenantId: enterprise.tenantId, enterpriseId: enterprise.id };
  const wanted = [...new Set(input.tagIds)];
  const known = wanted.length
    ? await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.tenantId, owner.tenantId), eq(tags.type, ENTERPRISE_TAG_TYPE), inArray(tags.id, wanted)))
    : [];
  if (known.length !== wanted.length) throw fail.validation(ENTERPRISE_TAG_MSG.unknown);
  const before = (await tagsOf(db, owner)).map((tag) => tag.id);
  const where = and(eq(enterpriseTags.tenantId, owner.tenantId), eq(enterpriseTags.enterpriseId, owner.enterpriseId));
  await db.delete(enterpriseTags).where(where);
  if (wanted.length) await db.insert(enterpriseTags).values(wanted.map((tagId) => ({ ...owner, tagId })));
  await writeAudit(db, actor, {
    action: 'enterprise.tags',
    targetType: 'enterprise',
    targetId: enterprise.id,
    before: { tagIds: before },
    after: { tagIds: wanted.sort((a, b) => a - b) },
  });
  return null;
}
