/**
 * Customer verification (decision 0027): the check behind the task detail's verified badge, the
 * customer's detail, and the platform's review of a customer and of a hospital customer's
 * certificate (spec 3 §4 "Customer audit"). Every read is walled twice: the scope conditions here
 * (tenant; the enterprise's own customers on the enterprise side) and the database's row security.
 */
import {
  CUSTOMER_AUDIT_STATUS,
  CUSTOMER_AUTH_STATUS,
  CUSTOMER_DEPARTMENT_DICT,
  CUSTOMER_MSG,
  CUSTOMER_TERMINAL_NOT_PASSED_CODE,
  CUSTOMER_TYPES,
  type CustomerDetail,
  type CustomerType,
  type customerCertReviewOperation,
  customerReviewKind,
  type customerReviewOperation,
  statusLabel,
} from '@fieldpay/domain';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { fail } from '../../core/errors';
import { enterpriseScope } from '../../core/tenancy';
import type { DbOrTx } from '../../db/client';
import { customers, dictItems, enterprises, organisations } from '../../db/schema';
import type { Principal } from '../../platform/auth/sessions';
import { parseAddress } from '../../platform/files/links';
import { type AuditActor, writeAudit } from '../../platform/system/audit';
import type { Services } from '../../services';

type Input<O extends { input: z.ZodType }> = z.output<O['input']>;

/** A terminal whose own review was rejected has not passed: its customers cannot pass either. */
export const ORGANISATION_REJECTED = 2;

type CustomerRow = typeof customers.$inferSelect;

/** The customer in the viewer's scope, or 客户不存在. */
async function scopedCustomer(db: DbOrTx, principal: Principal, id: number, lock = false): Promise<CustomerRow> {
  const query = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), enterpriseScope(principal, customers.tenantId, customers.enterpriseId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw fail.notFound(CUSTOMER_MSG.notFound);
  return row;
}

async function detailOf(services: Services, row: CustomerRow): Promise<CustomerDetail> {
  const { db } = services.ctx;
  const [org] = await db
    .select({ orgName: organisations.orgName, auditStatus: organisations.auditStatus })
    .from(organisations)
    .where(and(eq(organisations.tenantId, row.tenantId), eq(organisations.id, row.organisationId)));
  const [enterprise] = await db
    .select({ name: enterprises.name })
    .from(enterprises)
    .where(and(eq(enterprises.tenantId, row.tenantId), eq(enterprises.id, row.enterpriseId)));
  const dictCode = CUSTOMER_DEPARTMENT_DICT[row.cusType as CustomerType];
  const [department] = dictCode
    ? await db
        .select({ title: dictItems.title })
        .from(dictItems)
        .where(and(eq(dictItems.dictCode, dictCode), eq(dictItems.value, row.department)))
    : [];
  let certImage = '';
  if (row.certImage && parseAddress(row.certImage)) {
    const file = await services.files.findByAddress(row.certImage);
    if (file && file.delFlag === 0 && file.tenantId === row.tenantId) certImage = services.files.linkFor(file).url;
  }
  const orgAuditStatus = org?.auditStatus ?? 0;
  return {
    id: row.id,
    cusName: row.cusName,
    cusType: row.cusType,
    cusTypeName: CUSTOMER_TYPES[row.cusType as CustomerType] ?? row.cusType,
    sex: row.sex,
    orgName: org?.orgName ?? '',
    orgAuditStatus,
    orgNotPassed: orgAuditStatus === ORGANISATION_REJECTED,
    department: row.department,
    department_dic: department?.title ?? '',
    posit: row.posit,
    title: row.title,
    createByString: row.createdByName,
    certNo: row.cusType === 'hospital' ? row.certNo : '',
    certImage: row.cusType === 'hospital' ? certImage : '',
    auditStatus: row.auditStatus,
    auditStatus_dictText: statusLabel(CUSTOMER_AUDIT_STATUS, row.auditStatus),
    authStatus: row.authStatus,
    authStatus_dictText: statusLabel(CUSTOMER_AUTH_STATUS, row.authStatus),
    reason: row.reason,
    remarks: row.remarks,
    auditName: row.auditUserName,
    auditTime: row.auditTime ? row.auditTime.getTime() : null,
    enterpriseName: enterprise?.name ?? '',
  };
}

/**
 * The verification check (spec 1 §7): the customer exists in scope and is certified (authStatus 1);
 * otherwise the reason, which the console shows as a warning instead of opening the dialog.
 */
export async function checkCustomerVerification(db: DbOrTx, principal: Principal, id: number) {
  const row = await scopedCustomer(db, principal, id);
  if (row.authStatus !== 1) throw fail.rule(CUSTOMER_MSG.notVerified);
  return { id: row.id };
}

export async function customerDetail(services: Services, principal: Principal, id: number): Promise<CustomerDetail> {
  return detailOf(services, await scopedCustomer(services.ctx.db, principal, id));
}

async function requireCode(services: Services, principal: Principal, passes: boolean) {
  const code = passes ? 'cusVerify:list:adopt' : 'cusVerify:list:reject';
  if (!(await services.access.hasPermission(principal, code))) throw fail.forbidden();
}

/**
 * Review of a pending customer: 1 passes (its terminal must not have failed its own review: code
 * 200001), 2 rejects with a reason. The reviewer may correct type, department and position as it
 * passes. Only a pending customer is reviewed; a second click answers 该客户当前状态不可审核.
 */
export async function reviewCustomer(
  services: Services,
  principal: Principal,
  actor: AuditActor,
  input: Input<typeof customerReviewOperation>,
  now = new Date(),
): Promise<CustomerDetail> {
  const { db } = services.ctx;
  const passes = input.auditStatus === 1;
  await requireCode(services, principal, passes);
  if (!passes && input.remarks === '') throw fail.validation(CUSTOMER_MSG.rejectReasonRequired);
  const row = await scopedCustomer(db, principal, input.id, true);
  if (customerReviewKind(row) !== 'customer') throw fail.rule(CUSTOMER_MSG.notReviewable);
  if (passes) {
    const [org] = await db
      .select({ auditStatus: organisations.auditStatus })
      .from(organisations)
      .where(and(eq(organisations.tenantId, row.tenantId), eq(organisations.id, row.organisationId)));
    if (org?.auditStatus === ORGANISATION_REJECTED) {
      throw fail.rule(CUSTOMER_MSG.terminalNotPassedReview, CUSTOMER_TERMINAL_NOT_PASSED_CODE);
    }
  }
  const cusType = passes && input.cusType ? input.cusType : row.cusType;
  const [updated] = await db
    .update(customers)
    .set({
      auditStatus: input.auditStatus,
      reason: passes ? '' : input.remarks,
      cusType,
      department: passes && input.department !== undefined ? input.department : row.department,
      posit: passes && input.posit !== undefined ? input.posit : row.posit,
      // a hospital customer registered with a certificate now waits for the certificate review
      authStatus: passes && cusType === 'hospital' && row.certNo && row.authStatus === 0 ? 2 : row.authStatus,
      auditUserName: principal.realname,
      auditTime: now,
    })
    .where(eq(customers.id, row.id))
    .returning();
  await writeAudit(db, actor, {
    action: passes ? 'customer.approve' : 'customer.reject',
    targetType: 'customer',
    targetId: row.id,
    before: { auditStatus: row.auditStatus, cusType: row.cusType, department: row.department, posit: row.posit },
    after: {
      auditStatus: updated.auditStatus,
      cusType: updated.cusType,
      department: updated.department,
      posit: updated.posit,
      reason: updated.reason,
    },
  });
  return detailOf(services, updated);
}

/** Review of a passed hospital customer's certificate: 1 certifies, 3 rejects with a reason. */
export async function reviewCustomerCertificate(
  services: Services,
  principal: Principal,
  actor: AuditActor,
  input: Input<typeof customerCertReviewOperation>,
  now = new Date(),
): Promise<CustomerDetail> {
  const { db } = services.ctx;
  const passes = input.authStatus === 1;
  await requireCode(services, principal, passes);
  if (!passes && input.remarks === '') throw fail.validation(CUSTOMER_MSG.rejectReasonRequired);
  const row = await scopedCustomer(db, principal, input.id, true);
  if (customerReviewKind(row) !== 'certificate') throw fail.rule(CUSTOMER_MSG.notReviewable);
  const [updated] = await db
    .update(customers)
    .set({
      authStatus: input.authStatus,
      remarks: passes ? '' : input.remarks,
      auditUserName: principal.realname,
      auditTime: now,
    })
    .where(eq(customers.id, row.id))
    .returning();
  await writeAudit(db, actor, {
    action: passes ? 'customer.certify' : 'customer.rejectCertificate',
    targetType: 'customer',
    targetId: row.id,
    before: { authStatus: row.authStatus },
    after: { authStatus: updated.authStatus, remarks: updated.remarks },
  });
  return detailOf(services, updated);
}

/**
 * An enterprise registers a customer at one of its terminals (the terminal is found by name or
 * added, pending its own review). A hospital customer may bring its practice certificate (number and
 * the address of an uploaded image). The customer waits for the platform's review (auditStatus 0).
 */
export async function registerCustomer(
  db: DbOrTx,
  principal: Principal,
  input: {
    orgName: string;
    orgType: CustomerType;
    province?: string;
    city?: string;
    area?: string;
    address?: string;
    cusName: string;
    sex: 1 | 2 | null;
    department: string;
    title: string;
    posit: string;
    certNo?: string;
    certImage?: string;
  },
  now = new Date(),
): Promise<{ customerId: number; organisationId: number }> {
  if (principal.side !== 'enterprise' || principal.enterpriseId === null) throw fail.forbidden();
  const owner = { tenantId: principal.tenantId, enterpriseId: principal.enterpriseId };
  const [found] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      and(
        eq(organisations.tenantId, owner.tenantId),
        eq(organisations.enterpriseId, owner.enterpriseId),
        eq(organisations.orgName, input.orgName),
      ),
    );
  const organisationId =
    found?.id ??
    (
      await db
        .insert(organisations)
        .values({
          ...owner,
          orgName: input.orgName,
          orgType: input.orgType,
          province: input.province ?? '',
          city: input.city ?? '',
          area: input.area ?? '',
          address: input.address ?? '',
          createdAt: now,
        })
        .returning({ id: organisations.id })
    )[0].id;
  const hospital = input.orgType === 'hospital';
  const [row] = await db
    .insert(customers)
    .values({
      ...owner,
      organisationId,
      cusName: input.cusName,
      cusType: input.orgType,
      sex: input.sex,
      department: input.department,
      title: input.title,
      posit: input.posit,
      certNo: hospital ? (input.certNo ?? '') : '',
      certImage: hospital ? (input.certImage ?? '') : '',
      createdByName: principal.realname,
      createdAt: now,
    })
    .returning({ id: customers.id });
  return { customerId: row.id, organisationId };
}

/** The terminal's own review (the platform's). */
export async function reviewOrganisation(db: DbOrTx, principal: Principal, organisationId: number, auditStatus: 1 | 2) {
  if (principal.side !== 'platform') throw fail.forbidden();
  const [row] = await db
    .update(organisations)
    .set({ auditStatus })
    .where(
      and(
        eq(organisations.id, organisationId),
        enterpriseScope(principal, organisations.tenantId, organisations.enterpriseId),
      ),
    )
    .returning({ id: organisations.id });
  if (!row) throw fail.notFound(CUSTOMER_MSG.notFound);
}
