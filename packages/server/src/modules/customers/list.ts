/**
 * 客户审核 (decision 0030): the platform's paged list of customers to view and review. Scoped by the
 * session (the tenant's customers; the operator's all tenants) in the query, and by row security.
 */
import {
  CUSTOMER_AUDIT_STATUS,
  CUSTOMER_AUTH_STATUS,
  CUSTOMER_DEPARTMENT_DICT,
  CUSTOMER_TYPES,
  type CustomerListRecord,
  type CustomerType,
  type customerListQuerySchema,
  type Page,
  statusLabel,
} from '@fieldpay/domain';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { enterpriseScope, equalsIfGiven } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { paged } from '../../db/paging';
import { customers, dictItems, enterprises, organisations, tenants } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { contains } from '../../platform/lookups/query';

type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/** The department dictionary of the row's customer type (CUSTOMER_DEPARTMENT_DICT), as SQL. */
const departmentDictOf = (): SQL => {
  const cases = (Object.entries(CUSTOMER_DEPARTMENT_DICT) as [CustomerType, string][]).map(
    ([type, dictCode]) => sql`when ${type} then ${dictCode}`,
  );
  return sql`(case ${customers.cusType} ${sql.join(cases, sql` `)} else '' end)`;
};

export async function listCustomers(
  db: DbOrTx,
  principal: Principal,
  query: CustomerListQuery,
): Promise<Page<CustomerListRecord>> {
  const where = and(
    enterpriseScope(principal, customers.tenantId, customers.enterpriseId),
    contains(customers.cusName, query.cusName),
    equalsIfGiven(customers.cusType, query.cusType),
    equalsIfGiven(customers.auditStatus, query.auditStatus),
    equalsIfGiven(customers.authStatus, query.authStatus),
    contains(organisations.orgName, query.orgName),
    query.startTime ? gte(customers.createdAt, query.startTime) : undefined,
    query.endTime ? lte(customers.createdAt, query.endTime) : undefined,
  );
  const direction = query.orderSort === 0 ? 'asc' : 'desc';
  return paged(db, query, {
    from: sql`${customers} inner join ${organisations} on ${and(
      eq(organisations.tenantId, customers.tenantId),
      eq(organisations.id, customers.organisationId),
    )}`,
    where,
    key: customers.id,
    // creation time is the one sortable column; newest first unless asked otherwise
    orderBy: [
      [customers.createdAt, direction],
      [customers.id, direction],
    ],
    rows: (page) =>
      db
        .select({
          id: customers.id,
          cusName: customers.cusName,
          cusType: customers.cusType,
          sex: customers.sex,
          orgName: organisations.orgName,
          department: customers.department,
          departmentTitle: dictItems.title,
          title: customers.title,
          posit: customers.posit,
          createdByName: customers.createdByName,
          auditStatus: customers.auditStatus,
          authStatus: customers.authStatus,
          enterpriseName: enterprises.name,
          tenantId: customers.tenantId,
          tenantName: tenants.name,
          createdAt: customers.createdAt,
          ...page.columns,
        })
        .from(customers)
        .innerJoin(
          organisations,
          and(eq(organisations.tenantId, customers.tenantId), eq(organisations.id, customers.organisationId)),
        )
        .leftJoin(
          enterprises,
          and(eq(enterprises.tenantId, customers.tenantId), eq(enterprises.id, customers.enterpriseId)),
        )
        .leftJoin(tenants, eq(tenants.id, customers.tenantId))
        .leftJoin(dictItems, and(eq(dictItems.dictCode, departmentDictOf()), eq(dictItems.value, customers.department)))
        .where(inArray(customers.id, page.keys))
        .orderBy(...page.orderBy),
    toRecord: (row) => ({
      id: row.id,
      cusName: row.cusName,
      cusType: row.cusType,
      cusTypeName: CUSTOMER_TYPES[row.cusType as CustomerType] ?? row.cusType,
      sex: row.sex,
      orgName: row.orgName,
      department: row.department,
      department_dic: row.departmentTitle ?? '',
      title: row.title,
      posit: row.posit,
      createByString: row.createdByName,
      auditStatus: row.auditStatus,
      auditStatus_dictText: statusLabel(CUSTOMER_AUDIT_STATUS, row.auditStatus),
      authStatus: row.authStatus,
      authStatus_dictText: statusLabel(CUSTOMER_AUTH_STATUS, row.authStatus),
      enterpriseName: row.enterpriseName ?? '',
      tenantId: row.tenantId,
      tenantName: row.tenantName ?? '',
      createTime: row.createdAt.getTime(),
    }),
  });
}
