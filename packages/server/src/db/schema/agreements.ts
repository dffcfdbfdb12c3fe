import { enterpriseOwnedColumns, tenantOwnedColumns } from './columns';
import {
  date,
  index,
  jsonb,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
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
    /** the agreement's text: paragraphs a line each (decision 0034), or a template's HTML (decision 0041) */
    content: text('content').notNull().default(''),
    /** a template's variables: key and what it shows */
    params: jsonb('params').$type<{ key: string; value: string }[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

/** A stored file an offline agreement consists of. */
export interface AgreementStoredFile {
  fileId: number;
  fileKey: string;
  name: string;
}

/**
 * 企业协议 (spec 3 §3 "Enterprise agreement", decision 0040): what a platform and an enterprise agreed.
 * Offline: the signed files uploaded; online: the text written here and e-signed by both sides.
 * `status` is the signing life (1 failed, 2 signed, 3 awaiting the enterprise, 4 awaiting the
 * platform, 5 an offline draft, 6 withdrawn or cancelled, 7 ended by force); reads add the dates
 * (a signed one whose end has passed reads 7, an offline one before its start reads 5).
 */
export const enterpriseAgreements = pgTable(
  'enterprise_agreements',
  {
    ...tenantOwnedColumns(),
    enterpriseId: integer('enterprise_id')
      .notNull()
      .references(() => enterprises.id),
    /** 0 offline, 1 online */
    agreementType: smallint('agreement_type').notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    agreementName: varchar('agreement_name', { length: 200 }).notNull(),
    enterpriseSignDate: date('enterprise_sign_date', { mode: 'string' }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** the online agreement's sanitized HTML */
    content: text('content').notNull().default(''),
    /** the offline agreement's stored files of its tenant, in upload order (named here: the enterprise's
     *  side cannot read the rows of files its platform uploaded) */
    files: jsonb('files').$type<AgreementStoredFile[]>().notNull().default([]),
    status: smallint('status').notNull(),
    platformSignedAt: timestamp('platform_signed_at', { withTimezone: true }),
    enterpriseSignedAt: timestamp('enterprise_signed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: integer('created_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprise_agreements_tenant_no').on(t.tenantId, t.orderNo),
    index('enterprise_agreements_list').on(t.tenantId, t.id),
    index('enterprise_agreements_enterprise').on(t.tenantId, t.enterpriseId, t.id),
  ],
);

/**
 * A signing page's one-time link (the e-sign step of decision 0040): the signer opens it in a new
 * window without the console's session, so the random token is the credential; stored hashed,
 * valid 30 minutes, used once.
 */
export const enterpriseAgreementSignLinks = pgTable(
  'enterprise_agreement_sign_links',
  {
    ...tenantOwnedColumns(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => enterpriseAgreements.id, { onDelete: 'cascade' }),
    /** 'platform' or 'enterprise' */
    party: varchar('party', { length: 16 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** who asked for the link, as the audit log names them when they sign */
    signerId: integer('signer_id').notNull(),
    signerName: varchar('signer_name', { length: 50 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enterprise_agreement_sign_links_token').on(t.tokenHash),
    index('enterprise_agreement_sign_links_agreement').on(t.tenantId, t.agreementId),
  ],
);
