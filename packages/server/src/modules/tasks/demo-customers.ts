/**
 * The customers the demo tasks serve (decision 0027): the demo company's clerk registers one customer at
 * each terminal its tasks are planned at, hospital doctors with the photo of their practice
 * certificate; the platform's staff pass the terminals and the customers and certify two of the
 * doctors' certificates, leaving the third awaiting review. So the task detail's verified badge opens
 * real verification info, and an uncertified customer's tasks carry no badge.
 * Further customers serve no task but fill 客户审核 (decision 0030) with every state: two awaiting
 * review (a doctor with a certificate, a pharmacist), one rejected, one doctor whose certificate was
 * rejected.
 */
import type { CustomerType } from '@fieldpay/domain';
import type { Principal } from '../../platform/auth/sessions';
import { addressOf } from '../../platform/files/links';
import { auditActorOf } from '../../platform/system/audit';
import type { Services } from '../../services';
import { drawCertificate } from '../customers/certificate-image';
import { clerkOf } from '../settlements/demo';
import {
  registerCustomer,
  reviewCustomer,
  reviewCustomerCertificate,
  reviewOrganisation,
} from '../customers/verification';
import { DEMO_IP } from '../../seed/demo';
import { uploadAs } from '../../seed/demo-upload';

export interface DemoCustomer {
  cusName: string;
  sex: 1 | 2;
  orgType: CustomerType;
  /** value and title of the type's department dictionary (reference-data.ts) */
  department: string;
  departmentName: string;
  title: string;
  posit: string;
  certNo: string;
  /** the platform certifies the certificate (authStatus 1); otherwise it stays awaiting review */
  certified: boolean;
}

/** One per demo place, in the places' order (tasks/demo.ts PLACES). */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    cusName: '王雪梅',
    sex: 2,
    orgType: 'clinic',
    department: '1',
    departmentName: '全科',
    title: '主治医师',
    posit: '全科诊室负责人',
    certNo: '',
    certified: false,
  },
  {
    cusName: '陈立新',
    sex: 1,
    orgType: 'pharmacy',
    department: '2',
    departmentName: '执业药师',
    title: '执业药师',
    posit: '店长',
    certNo: '',
    certified: false,
  },
  {
    cusName: '张建华',
    sex: 1,
    orgType: 'hospital',
    department: '10',
    departmentName: '心血管内科',
    title: '主任医师',
    posit: '科室主任',
    certNo: '110310000123457',
    certified: true,
  },
  {
    cusName: '刘芳',
    sex: 2,
    orgType: 'hospital',
    department: '1',
    departmentName: '内科',
    title: '副主任医师',
    posit: '内分泌专病门诊组长',
    certNo: '110320000234561',
    certified: true,
  },
  {
    cusName: '李文博',
    sex: 1,
    orgType: 'hospital',
    department: '11',
    departmentName: '神经内科',
    title: '主治医师',
    posit: '住院总医师',
    certNo: '110510000345672',
    certified: false,
  },
];

/** What the staff did with a customer of the review list. */
type ReviewOutcome = 'pending' | 'rejected' | 'certificateRejected';

interface ReviewListCustomer extends Omit<DemoCustomer, 'certified'> {
  /** index of the place (terminal) it registers at */
  place: number;
  outcome: ReviewOutcome;
  reason: string;
}

/** The customers 客户审核 shows besides those of the tasks, one per state the list must show. */
export const DEMO_REVIEW_CUSTOMERS: readonly ReviewListCustomer[] = [
  {
    cusName: '孙晓燕',
    sex: 2,
    orgType: 'hospital',
    department: '3',
    departmentName: '儿科',
    title: '主治医师',
    posit: '儿科门诊医师',
    certNo: '110330000456783',
    place: 2,
    outcome: 'pending',
    reason: '',
  },
  {
    cusName: '马俊',
    sex: 1,
    orgType: 'pharmacy',
    department: '4',
    departmentName: '采购',
    title: '药师',
    posit: '采购主管',
    certNo: '',
    place: 1,
    outcome: 'pending',
    reason: '',
  },
  {
    cusName: '黄丽',
    sex: 2,
    orgType: 'clinic',
    department: '4',
    departmentName: '中医科',
    title: '医师',
    posit: '中医诊室医师',
    certNo: '',
    place: 0,
    outcome: 'rejected',
    reason: '执业地点与所填终端不符，请核实后重新登记',
  },
  {
    cusName: '郑国强',
    sex: 1,
    orgType: 'hospital',
    department: '2',
    departmentName: '外科',
    title: '副主任医师',
    posit: '普外科医疗组长',
    certNo: '110340000567894',
    place: 3,
    outcome: 'certificateRejected',
    reason: '执业证书照片模糊，无法辨认证书编号',
  },
];

interface Place {
  province: string;
  city: string;
  area: string;
  address: string;
  org: string;
}

type RegisteredCustomer = { customerId: number; organisationId: number };

/**
 * Registers the customers at the places' terminals and reviews them; answers the task customers' ids
 * in the places' order and the terminals' ids. The review list's customers follow, each left in its state.
 */
export async function registerDemoCustomers(
  services: Services,
  people: { enterpriseUser: Principal; staff: Principal },
  places: readonly Place[],
  when: { registered: Date; reviewed: Date; certified: Date },
): Promise<{ customerIds: number[]; organisationIds: number[] }> {
  const { scopes } = services.ctx;
  const { staff } = people;
  // the company's clerk registers the customers and their certificates (not a README account: the
  // e2e counts what those hold)
  const enterpriseUser = await clerkOf(services, {
    userId: people.enterpriseUser.userId,
    tenantId: people.enterpriseUser.tenantId,
    enterpriseId: people.enterpriseUser.enterpriseId as number,
  });
  const register = async (
    customer: Omit<DemoCustomer, 'certified'>,
    place: Place,
    index: number,
    registeredAt: Date,
  ): Promise<RegisteredCustomer> => {
    let certImage = '';
    if (customer.certNo) {
      const image = await drawCertificate({
        name: customer.cusName,
        sex: customer.sex === 1 ? '男' : '女',
        certNo: customer.certNo,
        place: place.org,
        scope: `${customer.departmentName}专业`,
        issuedOn: `${2012 + index}年${3 + (index % 9)}月18日`,
      });
      const row = await scopes.withViewer(enterpriseUser, () =>
        uploadAs(services, enterpriseUser, image, `${customer.cusName}医师执业证书.png`, {
          scene: 'image',
          uploadPath: 'customerCert',
        }),
      );
      certImage = addressOf(row);
    }
    return scopes.withViewer(enterpriseUser, (db) =>
      registerCustomer(
        db,
        enterpriseUser,
        {
          orgName: place.org,
          orgType: customer.orgType,
          province: place.province,
          city: place.city,
          area: place.area,
          address: place.address,
          cusName: customer.cusName,
          sex: customer.sex,
          department: customer.department,
          title: customer.title,
          posit: customer.posit,
          certNo: customer.certNo,
          certImage,
        },
        registeredAt,
      ),
    );
  };
  const registered: RegisteredCustomer[] = [];
  const forReview: RegisteredCustomer[] = [];
  for (const [index, place] of places.entries()) {
    registered.push(await register(DEMO_CUSTOMERS[index % DEMO_CUSTOMERS.length], place, index, when.registered));
  }
  // registered later than the task customers, so the list's newest rows are the ones to review
  const later = new Date(when.certified.getTime() + 24 * 3600_000);
  for (const [index, customer] of DEMO_REVIEW_CUSTOMERS.entries()) {
    const registeredAt = new Date(later.getTime() + index * 3600_000);
    forReview.push(await register(customer, places[customer.place % places.length], index, registeredAt));
  }
  const actor = auditActorOf(staff, DEMO_IP);
  for (const [index, { customerId, organisationId }] of registered.entries()) {
    const customer = DEMO_CUSTOMERS[index % DEMO_CUSTOMERS.length];
    await scopes.withViewer(staff, async (db) => {
      await reviewOrganisation(db, staff, organisationId, 1);
      await reviewCustomer(services, staff, actor, { id: customerId, auditStatus: 1, remarks: '' }, when.reviewed);
    });
    if (customer.certified) {
      await scopes.withViewer(staff, () =>
        reviewCustomerCertificate(
          services,
          staff,
          actor,
          { id: customerId, authStatus: 1, remarks: '' },
          when.certified,
        ),
      );
    }
  }
  const reviewedAt = new Date(when.certified.getTime() + 3 * 24 * 3600_000);
  for (const [index, { customerId }] of forReview.entries()) {
    const customer = DEMO_REVIEW_CUSTOMERS[index];
    if (customer.outcome === 'pending') continue;
    await scopes.withViewer(staff, () =>
      customer.outcome === 'rejected'
        ? reviewCustomer(
            services,
            staff,
            actor,
            { id: customerId, auditStatus: 2, remarks: customer.reason },
            reviewedAt,
          )
        : reviewCustomer(services, staff, actor, { id: customerId, auditStatus: 1, remarks: '' }, reviewedAt),
    );
    if (customer.outcome === 'certificateRejected') {
      await scopes.withViewer(staff, () =>
        reviewCustomerCertificate(
          services,
          staff,
          actor,
          { id: customerId, authStatus: 3, remarks: customer.reason },
          reviewedAt,
        ),
      );
    }
  }
  return {
    customerIds: registered.map((row) => row.customerId),
    organisationIds: [...new Set(registered.map((row) => row.organisationId))],
  };
}
