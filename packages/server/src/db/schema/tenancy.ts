import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Platforms (tenants). Tenant 0 is the platform operator itself. */
export const tenants = pgTable(
  'tenants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    name: varchar('name', { length: 64 }).notNull(),
    company: varchar('company', { length: 128 }).notNull().default(''),
    /** contact person and phone shown in tenant lookups (spec 1 §3 "contracts") */
    contracts: varchar('contracts', { length: 128 }).notNull().default(''),
    /** 1 enabled, 0 disabled (shown with the 【已禁用】 prefix in lookups) */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // one name one tenant: lookups and the tenant switch tell tenants apart by name (decision 0016)
  (t) => [uniqueIndex('tenants_name').on(t.name)],
);

/** Client companies, registered on one tenant; the same company on two tenants is two rows. */
export const enterprises = pgTable(
  'enterprises',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    enterpriseSn: varchar('enterprise_sn', { length: 32 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    /** unified social credit code (GB 32100) */
    taxNumber: varchar('tax_number', { length: 20 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull().default(''),
    contactEmail: varchar('contact_email', { length: 40 }).notNull().default(''),
    logo: text('logo'),
    /** organisation code text shown in the company header */
    orgCodeTxt: varchar('org_code_txt', { length: 64 }),
    /** 1 enabled, 2 disabled */
    status: smallint('status').notNull().default(1),
    /** 企业风险 (spec 3 §3): 注册资本 in 万元 as typed, 经营状态 and 涉诉情况 as dictionary values; '' not set */
    registeredCapital: varchar('registered_capital', { length: 8 }).notNull().default(''),
    manageStatus: varchar('manage_status', { length: 8 }).notNull().default(''),
    cases: varchar('cases', { length: 8 }).notNull().default(''),
    /** 认证信息 (spec 3 §3, decision 0038): the legal person and the file addresses of the licence and ID sides ('' none) */
    legalPersonName: varchar('legal_person_name', { length: 50 }).notNull().default(''),
    legalPersonIdCard: varchar('legal_person_id_card', { length: 18 }).notNull().default(''),
    license: text('license').notNull().default(''),
    idCardFront: text('id_card_front').notNull().default(''),
    idCardBack: text('id_card_back').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enterprises_tenant_tax_number').on(t.tenantId, t.taxNumber),
    uniqueIndex('enterprises_tenant_sn').on(t.tenantId, t.enterpriseSn),
    index('enterprises_tenant_name').on(t.tenantId, t.name),
    // lists and lookups of a tenant's enterprises, in id order (decision 0011)
    index('enterprises_tenant_list').on(t.tenantId, t.id),
  ],
);
