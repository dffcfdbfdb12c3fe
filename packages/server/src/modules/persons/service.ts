import { type LookupQuery, type LookupRecord, maskPhone, type Page } from '@fieldpay/domain';
import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { personBankCards, persons, projectPersons } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';

/**
 * Persons serving on the projects of the enterprises in scope, each once however many projects
 * they serve; projectId and status narrow by their service. Phones go out masked.
 */
export async function lookupEmployees(
  db: DbOrTx,
  principal: Principal,
  query: LookupQuery<'employee'>,
): Promise<Page<LookupRecord<'employee'>>> {
  const serving = db
    .select({ personId: projectPersons.personId })
    .from(projectPersons)
    .where(
      and(
        enterpriseScope(principal, projectPersons.tenantId, projectPersons.enterpriseId),
        equalsIfGiven(projectPersons.projectId, query.projectId),
        equalsIfGiven(projectPersons.status, query.status),
      ),
    );
  const where = and(inArray(persons.id, serving), contains(persons.name, query.name));
  return paged(db, query, {
    from: persons,
    where,
    key: persons.id,
    orderBy: [[persons.id, 'asc']],
    rows: (page) =>
      db
        .select({ id: persons.id, name: persons.name, phone: persons.phone, ...page.columns })
        .from(persons)
        .where(inArray(persons.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => {
      const phone = maskPhone(row.phone);
      return { id: row.id, name: row.name, phone, value: row.id, label: row.name, description: phone };
    },
  });
}

/**
 * The person's password of the worker app (argon2id, as the console's accounts), set when the person
 * registers in the app; the worker login (decision 0017) checks it.
 */
export async function setWorkerPassword(
  db: DbOrTx,
  person: { tenantId: number; personId: number },
  passwordHash: string,
): Promise<void> {
  await db
    .update(persons)
    .set({ passwordHash })
    .where(and(eq(persons.tenantId, person.tenantId), eq(persons.id, person.personId)));
}

/**
 * A natural person registering in the worker app on a tenant with phone, name and password; the
 * same phone on the same tenant is the same person (its password is set again).
 */
export async function registerPerson(
  db: DbOrTx,
  input: { tenantId: number; name: string; phone: string; passwordHash: string },
): Promise<number> {
  const [row] = await db
    .insert(persons)
    .values({
      tenantId: input.tenantId,
      userSn: `APP${input.phone}`,
      name: input.name,
      phone: input.phone,
      passwordHash: input.passwordHash,
    })
    .onConflictDoUpdate({ target: [persons.tenantId, persons.phone], set: { passwordHash: input.passwordHash } })
    .returning({ id: persons.id });
  return row.id;
}

/**
 * Binds a bank card a bank's four-element check has verified (holder name, ID, card, phone) and
 * makes it the person's default; payouts go to it. Binding the same card again changes nothing.
 */
export async function bindVerifiedBankCard(
  db: DbOrTx,
  input: {
    tenantId: number;
    personId: number;
    accountNo: string;
    accountName: string;
    bankName: string;
    /** the phone the bank has for the card */
    reservedPhone?: string;
  },
): Promise<void> {
  await db
    .update(personBankCards)
    .set({ isDefault: 0 })
    .where(and(eq(personBankCards.tenantId, input.tenantId), eq(personBankCards.personId, input.personId)));
  await db
    .insert(personBankCards)
    .values({ ...input, verified: 1, isDefault: 1 })
    .onConflictDoUpdate({
      target: [personBankCards.tenantId, personBankCards.personId, personBankCards.accountNo],
      set: {
        verified: 1,
        isDefault: 1,
        accountName: input.accountName,
        bankName: input.bankName,
        reservedPhone: input.reservedPhone ?? null,
      },
    });
}

/**
 * A person's default verified card (the one payouts go to), as a lateral subquery of one row with
 * `account_no` and `bank_name`, for a statement that lists persons of one tenant.
 */
export const defaultCardOf = (tenantId: SQL | Column, personId: SQL | Column): SQL =>
  sql`(select ${personBankCards.accountNo} as account_no, ${personBankCards.bankName} as bank_name
       from ${personBankCards}
       where ${personBankCards.tenantId} = ${tenantId} and ${personBankCards.personId} = ${personId}
         and ${personBankCards.verified} = 1 and ${personBankCards.isDefault} = 1
       limit 1)`;
