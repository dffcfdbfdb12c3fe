import { enterpriseOwnedColumns } from './columns';
import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
    /** 职称 (主任医师, 执业药师…) */
    title: varchar('title', { length: 32 }).notNull().default(''),
    auditStatus: smallint('audit_status').notNull().default(0),
    /** CUSTOMER_AUTH_STATUS: 0 none, 1 certified, 2 certificate awaiting review, 3 certificate rejected (hospitals) */
    authStatus: smallint('auth_status').notNull().default(0),
    /** 医师执业证书编码 and the file address of its image (hospitals) */
    certNo: varchar('cert_no', { length: 32 }).notNull().default(''),
    certImage: varchar('cert_image', { length: 200 }).notNull().default(''),
    /** the reason of a rejected review (auditStatus 2) */
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    /** the reason of a rejected certificate (authStatus 3) */
    remarks: varchar('remarks', { length: 500 }).notNull().default(''),
    auditUserName: varchar('audit_user_name', { length: 64 }).notNull().default(''),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    /** who registered the customer (createByString) */
    createdByName: varchar('created_by_name', { length: 64 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('customers_tenant_org_name_department').on(t.tenantId, t.organisationId, t.cusName, t.department),
    index('customers_enterprise').on(t.tenantId, t.enterpriseId),
  ],
);
