import { enterpriseOwnedColumns } from './columns';
import { index, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * Terminals (organisations: hospitals, pharmacies, clinics, business companies) an enterprise
 * serves; orgType is a CUSTOMER_TYPES code, auditStatus 0 pending, 1 passed, 2 rejected.
 */
export const organisations = pgTable(
  'organisations',
  {
    ...enterpriseOwnedColumns(),
    orgName: varchar('org_name', { length: 100 }).notNull(),
    orgType: varchar('org_type', { length: 16 }).notNull(),
    auditStatus: smallint('audit_status').notNull().default(0),
    province: varchar('province', { length: 20 }).notNull().default(''),
    city: varchar('city', { length: 20 }).notNull().default(''),
    area: varchar('area', { length: 20 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
  },
  (t) => [uniqueIndex('organisations_tenant_enterprise_name').on(t.tenantId, t.enterpriseId, t.orgName)],
);

/**
 * Customers (doctors, pharmacists, buyers) at a terminal. department is a value of the dictionary
 * of the customer type (CUSTOMER_DEPARTMENT_DICT); auditStatus as organisations.
 */
export const customers = pgTable(
  'customers',
  {
    ...enterpriseOwnedColumns(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    cusName: varchar('cus_name', { length: 32 }).notNull(),
    cusType: varchar('cus_type', { length: 16 }).notNull(),
    /** 1 male, 2 female */
    sex: smallint('sex'),
    department: varchar('department', { length: 16 }).notNull().default(''),
    posit: varchar('posit', { length: 32 }).notNull().default(''),
    auditStatus: smallint('audit_status').notNull().default(0),
  },
  (t) => [
    uniqueIndex('customers_tenant_org_name_department').on(t.tenantId, t.organisationId, t.cusName, t.department),
    index('customers_enterprise').on(t.tenantId, t.enterpriseId),
  ],
);
