import { enterpriseOwnedColumns, tenantOwnedColumns } from './columns';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { persons } from './persons';
import { enterprises } from './tenancy';

/**
 * Agreement documents persons sign: type 1 the tenant's platform agreements (no enterprise),
 * type 2 an enterprise's project agreements. The agreements issue adds content and e-signing.
 */
export const contracts = pgTable(
  'contracts',
  {
    ...tenantOwnedColumns(),
    /** null for platform agreements (type 1) */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    contractSn: varchar('contract_sn', { length: 32 }).notNull(),
    contractName: varchar('contract_name', { length: 100 }).notNull(),
    /** 1 platform agreement, 2 project agreement (PERSON_AGREEMENT_TYPES) */
    type: smallint('type').notNull(),
    /** the agreement's text, paragraphs a line each: the signed contract's body (decision 0034) */
    content: text('content').notNull().default(''),
  },
  (t) => [
    uniqueIndex('contracts_tenant_sn').on(t.tenantId, t.contractSn),
    index('contracts_tenant_type').on(t.tenantId, t.type),
  ],
);

/** The legal entity that signs for an enterprise (its name and credit code as the e-sign service knows them). */
export const contractEnterprises = pgTable(
  'contract_enterprises',
  {
    ...enterpriseOwnedColumns(),
    name: varchar('name', { length: 100 }).notNull(),
    taxNumber: varchar('tax_number', { length: 20 }).notNull(),
  },
  (t) => [uniqueIndex('contract_enterprises_tenant_tax').on(t.tenantId, t.taxNumber)],
);

/** People authorised to sign agreements for an enterprise; status 0 valid, 1 stopped. */
export const contractPersons = pgTable(
  'contract_persons',
  {
    ...enterpriseOwnedColumns(),
    name: varchar('name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    status: smallint('status').notNull().default(0),
  },
  (t) => [
    uniqueIndex('contract_persons_tenant_enterprise_phone').on(t.tenantId, t.enterpriseId, t.phone),
    // an enterprise's signatories in id order (decision 0011)
    index('contract_persons_enterprise_list').on(t.tenantId, t.enterpriseId, t.id),
  ],
);

/** A natural person's agreement (spec 3 §3 person agreement row); signed once signedAt is set. */
export const personAgreements = pgTable(
  'person_agreements',
  {
    ...tenantOwnedColumns(),
    /** the enterprise of a project agreement; null for platform agreements */
    enterpriseId: integer('enterprise_id').references(() => enterprises.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    contractSn: varchar('contract_sn', { length: 40 }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('person_agreements_tenant_sn').on(t.tenantId, t.contractSn),
    index('person_agreements_person').on(t.tenantId, t.personId),
  ],
);
