/**
 * 自然人账户 (spec 3 §2 "Natural-person account info", §4 "Natural-person login flag", §7 "Natural
 * persons"; decision 0033): the platform's staff see the persons registered on their platform (the
 * operator every platform's), open one's account, ban or enable it, clear a login restriction,
 * change its app password and transfer it out to one of the platform's enterprises.
 */
import {
  identityFacts,
  LOGIN_FLAG_ACTIONS,
  maskBankCard,
  maskEmail,
  maskIdCard,
  maskPhone,
  type Page,
  PERSON_EDUCATION_TYPES,
  PERSON_MSG,
  PERSON_SOURCES,
  type PersonAgreementRecord,
  type PersonInfo,
  type PersonListRecord,
  type PersonLoginAction,
  type PersonLoginFlag,
  type PersonTransferRecord,
  type personAgreementsOperation,
  type personChangePasswordOperation,
  type personEditOperation,
  type personListOperation,
  type personTransferOutOperation,
  type personTransferRecordsOperation,
  sexLabel,
} from '@fieldpay/domain';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { equalsIfGiven, tenantScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { paged } from '../../db/paging';
import {
  contracts,
  enterprises,
  personAgreements,
  personBankCards,
  persons,
  personTransfers,
  tenants,
  workerSessions,
} from '../../db/schema';
import { hashPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';
import { infoMaterials } from './materials';
import { listPersonalAgreements } from '../agreements/personal';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;

/** The person `userId` of the platforms in scope, locked for the change when `forUpdate`. */
async function personIn(db: DbOrTx, principal: Principal, userId: number, forUpdate = false) {
  const query = db
    .select()
    .from(persons)
    .where(and(tenantScope(principal, persons.tenantId), eq(persons.id, userId)));
  const [person] = await (forUpdate ? query.for('update') : query);
  if (!person) throw fail.notFound(PERSON_MSG.notFound);
  return person;
}

const dictText = (dict: Readonly<Record<number, string>>, code: number | null): string =>
  code === null ? '' : (dict[code] ?? '');

/**
 * Whether the person was ever transferred out. Only for a select that joins another table: drizzle
 * leaves columns unqualified in a single-table select, and persons' id would then read as the
 * transfers' own id inside the subquery.
 */
const transferredSql = sql<boolean>`exists (select 1 from ${personTransfers}
  where ${personTransfers.tenantId} = ${persons.tenantId} and ${personTransfers.personId} = ${persons.id})`;

/** GET list: the persons of the platforms in scope, newest first. */
export async function listPersons(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof personListOperation>,
): Promise<Page<PersonListRecord>> {
  const where = and(
    tenantScope(principal, persons.tenantId, query.tenantId),
    contains(persons.name, query.name),
    contains(persons.phone, query.phone),
    contains(persons.userSn, query.userSn),
    equalsIfGiven(persons.loginFlag, query.loginFlag),
  );
  return paged(db, query, {
    from: persons,
    where,
    key: persons.id,
    orderBy: [[persons.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: persons.id,
          tenantId: persons.tenantId,
          tenantName: tenants.name,
          userSn: persons.userSn,
          name: persons.name,
          phone: persons.phone,
          idCard: persons.idCard,
          loginFlag: persons.loginFlag,
          source: persons.source,
          createdAt: persons.createdAt,
          transferred: transferredSql,
          ...page.columns,
        })
        .from(persons)
        .innerJoin(tenants, eq(tenants.id, persons.tenantId))
        .where(inArray(persons.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.id,
      tenantId: row.tenantId,
      tenantName: row.tenantName,
      userSn: row.userSn,
      name: row.name,
      loginName: maskPhone(row.phone),
      idCard: row.idCard ? maskIdCard(row.idCard) : '',
      loginFlag: row.loginFlag,
      source_dictText: dictText(PERSON_SOURCES, row.source),
      transferred: Boolean(row.transferred),
      createTime: row.createdAt.getTime(),
    }),
  });
}

/**
 * GET info: the account, masked. A desensitization token of the caller (spec 3 §4 "the desensitised
 * view grants a temporary token"), as tempToken or in the unmask header, unmasks it for a holder of
 * 自然人脱敏查看; a token that is not live is refused, not silently masked. Unmasking is audited.
 */
export async function personInfo(
  services: Services,
  principal: Principal,
  input: { userId: number; tempToken?: string },
  unmaskHeader: string | string[] | undefined,
  actor: AuditActor,
): Promise<PersonInfo> {
  const db = services.ctx.db;
  const person = await personIn(db, principal, input.userId);
  const unmasked = await services.desensitization.unmaskRequested(principal, input.tempToken || unmaskHeader);
  if (unmasked && !(await services.access.hasPermission(principal, 'personalAccountManage:info:desensitization'))) {
    throw fail.forbidden();
  }
  const [[tenant], [card], [agreement]] = await Promise.all([
    db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, person.tenantId)),
    db
      .select({
        bankName: personBankCards.bankName,
        accountNo: personBankCards.accountNo,
        reservedPhone: personBankCards.reservedPhone,
      })
      .from(personBankCards)
      .where(and(eq(personBankCards.tenantId, person.tenantId), eq(personBankCards.personId, person.id)))
      .orderBy(desc(personBankCards.isDefault), desc(personBankCards.verified), asc(personBankCards.id))
      .limit(1),
    // the platform agreement the person signed first
    db
      .select({ contractName: contracts.contractName, contractSn: personAgreements.contractSn })
      .from(personAgreements)
      .innerJoin(contracts, eq(contracts.id, personAgreements.contractId))
      .where(
        and(
          eq(personAgreements.tenantId, person.tenantId),
          eq(personAgreements.personId, person.id),
          eq(contracts.type, 1),
          sql`${personAgreements.signedAt} is not null`,
        ),
      )
      .orderBy(asc(personAgreements.signedAt))
      .limit(1),
  ]);
  if (unmasked) {
    await writeAudit(db, actor, {
      action: 'person.unmask',
      targetType: 'person',
      targetId: person.id,
    });
  }
  const materials = await infoMaterials(services, person, unmasked);
  const shown = (value: string | null | undefined, mask: (value: string) => string) =>
    !value ? '' : unmasked ? value : mask(value);
  const facts = identityFacts(person.idCard, new Date());
  return {
    id: person.id,
    tenantId: person.tenantId,
    tenantName: tenant?.name ?? '',
    userSn: person.userSn,
    name: person.name,
    loginName: shown(person.phone, maskPhone),
    source_dictText: dictText(PERSON_SOURCES, person.source),
    sexLabel: facts.sex === null ? '' : sexLabel(facts.sex),
    age: facts.age,
    educationType_dictText: dictText(PERSON_EDUCATION_TYPES, person.educationType),
    updateTime: person.updatedAt.getTime(),
    realName: person.idCard ? person.name : '',
    idCard: shown(person.idCard, maskIdCard),
    ...materials,
    bankName: card?.bankName ?? '',
    bankCard: shown(card?.accountNo, maskBankCard),
    bankPhone: shown(card?.reservedPhone, maskPhone),
    address: person.address ?? '',
    email: shown(person.email, maskEmail),
    categoryName: person.categoryName ?? '',
    loginFlag: person.loginFlag,
    contractName: agreement?.contractName ?? '',
    contractSn: agreement?.contractSn ?? '',
    unmasked,
  };
}

const LOGIN_ACTION_RESULT: Record<PersonLoginAction, { to: PersonLoginFlag; audit: string; message: string }> = {
  ban: { to: 1, audit: 'person.ban', message: PERSON_MSG.banned },
  enable: { to: 0, audit: 'person.enable', message: PERSON_MSG.enabled },
  clearLoginRestriction: { to: 0, audit: 'person.clearLoginRestriction', message: PERSON_MSG.loginRestrictionCleared },
};

/** The loginFlag call asks for the flag it wants: 1 bans, 0 enables. */
export const loginFlagAction = (loginFlag: number): PersonLoginAction => (loginFlag === 1 ? 'ban' : 'enable');

/** The message the console shows for a login action. */
export const loginActionMessage = (action: PersonLoginAction): string => LOGIN_ACTION_RESULT[action].message;

/**
 * Ban, enable or clear a login restriction: each only from the flag that offers it (LOGIN_FLAG_ACTIONS),
 * under the person's row lock so a double click or two staff acting at once change it once. A ban
 * ends the person's app sessions; clearing a restriction also forgives the failed app logins.
 */
export async function changeLoginFlag(
  services: Services,
  principal: Principal,
  userId: number,
  action: PersonLoginAction,
  actor: AuditActor,
): Promise<{ loginFlag: number }> {
  const db = services.ctx.db;
  const person = await personIn(db, principal, userId, true);
  const offered = LOGIN_FLAG_ACTIONS[person.loginFlag as PersonLoginFlag] ?? [];
  if (!offered.includes(action)) throw fail.conflict(PERSON_MSG.loginFlagChanged);
  const { to, audit } = LOGIN_ACTION_RESULT[action];
  const now = new Date();
  await updatePerson(db, person, { loginFlag: to }, now);
  if (action === 'ban') await endWorkerSessions(db, person, now);
  if (action === 'clearLoginRestriction') await services.throttle.clear('worker', person.phone);
  await writeAudit(db, actor, {
    action: audit,
    targetType: 'person',
    targetId: person.id,
    before: { loginFlag: person.loginFlag },
    after: { loginFlag: to },
  });
  return { loginFlag: to };
}

/** One way to change a person's row: its platform and id, and the time of the change as updated_at. */
async function updatePerson(
  db: DbOrTx,
  person: { tenantId: number; id: number },
  changes: Partial<Pick<typeof persons.$inferInsert, 'loginFlag' | 'passwordHash' | 'name' | 'phone'>>,
  now: Date,
): Promise<void> {
  await db
    .update(persons)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(persons.tenantId, person.tenantId), eq(persons.id, person.id)));
}

async function endWorkerSessions(db: DbOrTx, person: { tenantId: number; id: number }, now: Date): Promise<void> {
  await db
    .update(workerSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(workerSessions.tenantId, person.tenantId),
        eq(workerSessions.personId, person.id),
        isNull(workerSessions.revokedAt),
      ),
    );
}

/** POST changePassword: the person's app password; its app sessions end. */
export async function changePersonPassword(
  services: Services,
  principal: Principal,
  body: Input<typeof personChangePasswordOperation>,
  actor: AuditActor,
): Promise<null> {
  const db = services.ctx.db;
  const person = await personIn(db, principal, body.userId, true);
  // the form shows the account masked or in the clear: either must be this person's
  if (body.loginName !== person.phone && body.loginName !== maskPhone(person.phone)) {
    throw fail.validation(PERSON_MSG.loginNameMismatch);
  }
  if (person.loginFlag !== 0) throw fail.conflict(PERSON_MSG.loginFlagChanged);
  const now = new Date();
  await updatePerson(db, person, { passwordHash: await hashPassword(body.newPassword) }, now);
  await endWorkerSessions(db, person, now);
  await writeAudit(db, actor, { action: 'person.changePassword', targetType: 'person', targetId: person.id });
  return null;
}

/** The first key of the advisory locks that serialize edits giving a phone to a person of a platform. */
const PERSON_PHONE_LOCK_CLASS = 0x505048; // 'PPH'

/**
 * POST edit (decision 0046): the account name and the phone the person signs in with. The name of a
 * person whose identity is verified is the ID card's and stays; a phone is one person's on a platform
 * (two edits giving the same phone wait for each other, and the index catches an app registration
 * racing one); a new phone ends the person's app sessions, so it signs in again with it.
 */
export async function editPerson(
  services: Services,
  principal: Principal,
  body: Input<typeof personEditOperation>,
  actor: AuditActor,
): Promise<{ id: number; name: string; phone: string }> {
  const db = services.ctx.db;
  const person = await personIn(db, principal, body.userId, true);
  if (body.name !== person.name && person.idCard) throw fail.rule(PERSON_MSG.nameFixedByIdentity);
  const phoneChanged = body.phone !== person.phone;
  if (phoneChanged) {
    await db.execute(
      sql`select pg_advisory_xact_lock(${PERSON_PHONE_LOCK_CLASS}::int, hashtext(${`${person.tenantId}:${body.phone}`}))`,
    );
    const [holder] = await db
      .select({ id: persons.id })
      .from(persons)
      .where(and(eq(persons.tenantId, person.tenantId), eq(persons.phone, body.phone)));
    if (holder) throw fail.conflict(PERSON_MSG.phoneTaken);
  }
  if (body.name === person.name && !phoneChanged) return { id: person.id, name: person.name, phone: person.phone };
  const now = new Date();
  try {
    await updatePerson(db, person, { name: body.name, phone: body.phone }, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict(PERSON_MSG.phoneTaken);
    throw error;
  }
  if (phoneChanged) await endWorkerSessions(db, person, now);
  await writeAudit(db, actor, {
    action: 'person.edit',
    targetType: 'person',
    targetId: person.id,
    before: { name: person.name, phone: person.phone },
    after: { name: body.name, phone: body.phone },
  });
  return { id: person.id, name: body.name, phone: body.phone };
}

/**
 * POST transferOut: hands the person over to an enabled enterprise of the person's own platform,
 * named by its name and number as the picker showed them. Transferring again to the enterprise the
 * person was last transferred to is refused (a double click records one transfer).
 */
export async function transferPersonOut(
  services: Services,
  principal: Principal,
  body: Input<typeof personTransferOutOperation>,
  actor: AuditActor,
): Promise<{ id: number }> {
  const db = services.ctx.db;
  const person = await personIn(db, principal, body.userId, true);
  if (person.loginFlag !== 0) throw fail.conflict(PERSON_MSG.loginFlagChanged);
  const [enterprise] = await db
    .select({ id: enterprises.id, name: enterprises.name, enterpriseSn: enterprises.enterpriseSn })
    .from(enterprises)
    .where(
      and(
        eq(enterprises.tenantId, person.tenantId),
        eq(enterprises.enterpriseSn, body.enterpriseCode),
        eq(enterprises.name, body.enterpriseName),
        eq(enterprises.status, 1),
      ),
    );
  if (!enterprise) throw fail.validation(PERSON_MSG.transferEnterpriseNotFound);
  const [last] = await db
    .select({ enterpriseId: personTransfers.enterpriseId })
    .from(personTransfers)
    .where(and(eq(personTransfers.tenantId, person.tenantId), eq(personTransfers.personId, person.id)))
    .orderBy(desc(personTransfers.id))
    .limit(1);
  if (last?.enterpriseId === enterprise.id) throw fail.conflict(PERSON_MSG.alreadyTransferred);
  const [row] = await db
    .insert(personTransfers)
    .values({
      tenantId: person.tenantId,
      personId: person.id,
      enterpriseId: enterprise.id,
      enterpriseName: enterprise.name,
      enterpriseCode: enterprise.enterpriseSn,
      createdBy: principal.userId,
      createdByName: (principal.realname || principal.username).slice(0, 64),
    })
    .returning({ id: personTransfers.id });
  await updatePerson(db, person, {}, new Date());
  await writeAudit(db, actor, {
    action: 'person.transferOut',
    targetType: 'person',
    targetId: person.id,
    after: { enterpriseId: enterprise.id, enterpriseName: enterprise.name },
  });
  return { id: row.id };
}

/** GET transferOutRecords: the person's transfers, newest first. */
export async function personTransferRecords(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof personTransferRecordsOperation>,
): Promise<Page<PersonTransferRecord>> {
  const person = await personIn(db, principal, query.userId);
  return paged(db, query, {
    from: personTransfers,
    where: and(eq(personTransfers.tenantId, person.tenantId), eq(personTransfers.personId, person.id)),
    key: personTransfers.id,
    orderBy: [[personTransfers.id, 'desc']],
    rows: (page) =>
      db
        .select({
          id: personTransfers.id,
          enterpriseName: personTransfers.enterpriseName,
          enterpriseCode: personTransfers.enterpriseCode,
          createdAt: personTransfers.createdAt,
          createdByName: personTransfers.createdByName,
          ...page.columns,
        })
        .from(personTransfers)
        .where(inArray(personTransfers.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.id,
      enterpriseName: row.enterpriseName,
      enterpriseCode: row.enterpriseCode,
      createTime: row.createdAt.getTime(),
      createName: row.createdByName,
    }),
  });
}

/** GET wasTransferred */
export async function personWasTransferred(db: DbOrTx, principal: Principal, userId: number): Promise<boolean> {
  const person = await personIn(db, principal, userId);
  const [row] = await db
    .select({ id: personTransfers.id })
    .from(personTransfers)
    .where(and(eq(personTransfers.tenantId, person.tenantId), eq(personTransfers.personId, person.id)))
    .limit(1);
  return row !== undefined;
}

/** GET agreementList: the person's platform and project agreements, newest first. */
export async function personAgreementList(
  db: DbOrTx,
  principal: Principal,
  query: Input<typeof personAgreementsOperation>,
): Promise<Page<PersonAgreementRecord>> {
  const person = await personIn(db, principal, query.userId);
  if (query.tenantId !== undefined && query.tenantId !== person.tenantId) {
    return { records: [], total: 0 };
  }
  // the agreements area owns the agreements: its list, narrowed to the person
  const page = await listPersonalAgreements(db, principal, {
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    tenantId: person.tenantId,
    userId: person.id,
  });
  return {
    ...page,
    records: page.records.map((row) => ({
      id: row.id,
      contractSn: row.contractSn,
      contractName: row.contractName,
      agreementType: row.agreementType,
      enterpriseName: row.enterpriseName,
      tenantName: row.tenantName,
      signStatus: row.signStatus,
      contractStartDate: row.contractStartDate,
      createTime: row.createTime,
    })),
  };
}
