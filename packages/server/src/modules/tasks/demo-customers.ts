/**
 * The customers the demo tasks serve (decision 0027): the demo company's clerk registers one customer at
 * each terminal its tasks are planned at, hospital doctors with the photo of their practice
 * certificate; the platform's staff pass the terminals and the customers and certify two of the
 * doctors' certificates, leaving the third awaiting review. So the task detail's verified badge opens
 * real verification info, and an uncertified customer's tasks carry no badge.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

interface Place {
  province: string;
  city: string;
  area: string;
  address: string;
  org: string;
}

const DEMO_IP = '112.64.71.15';

/** Registers the customers at the places' terminals and reviews them; answers their ids in the places' order. */
export async function registerDemoCustomers(
  services: Services,
  people: { enterpriseUser: Principal; staff: Principal },
  places: readonly Place[],
  when: { registered: Date; reviewed: Date; certified: Date },
): Promise<number[]> {
  const { scopes } = services.ctx;
  const { staff } = people;
  // the company's clerk registers the customers and their certificates (not a README account: the
  // e2e counts what those hold)
  const enterpriseUser = await clerkOf(services, {
    userId: people.enterpriseUser.userId,
    tenantId: people.enterpriseUser.tenantId,
    enterpriseId: people.enterpriseUser.enterpriseId as number,
  });
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'fieldpay-demo-cert-'));
  const registered: { customerId: number; organisationId: number }[] = [];
  try {
    for (const [index, place] of places.entries()) {
      const customer = DEMO_CUSTOMERS[index % DEMO_CUSTOMERS.length];
      let certImage = '';
      if (customer.certNo) {
        const file = path.join(dir, `${customer.certNo}.png`);
        await fs.promises.writeFile(
          file,
          await drawCertificate({
            name: customer.cusName,
            sex: customer.sex === 1 ? '男' : '女',
            certNo: customer.certNo,
            place: place.org,
            scope: `${customer.departmentName}专业`,
            issuedOn: `${2012 + index}年${3 + index}月18日`,
          }),
        );
        const row = await scopes.withViewer(enterpriseUser, () =>
          services.files.receiveLocal(file, `${customer.cusName}医师执业证书.png`, {
            principal: enterpriseUser,
            ip: DEMO_IP,
            target: 'upload',
            maxFilesPerRequest: 1,
            visibility: 'tenant',
            watermark: false,
            fields: { scene: 'image', uploadPath: 'customerCert' },
          }),
        );
        certImage = addressOf(row);
      }
      registered.push(
        await scopes.withViewer(enterpriseUser, (db) =>
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
            when.registered,
          ),
        ),
      );
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
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
  return registered.map((row) => row.customerId);
}
