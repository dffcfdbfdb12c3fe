/** Person rows and the mocked calls of the natural-person screens' tests. */
import type { PersonInfo, PersonListRecord } from '@fieldpay/domain';
import { vi } from 'vitest';

export function personRow(id: number, change: Partial<PersonListRecord> = {}): PersonListRecord {
  return {
    id,
    tenantId: 3,
    tenantName: '华东众包服务平台',
    userSn: `ZRR3${String(id).padStart(5, '0')}`,
    name: `人员${id}`,
    loginName: '136****5678',
    idCard: '330106********1234',
    loginFlag: 0,
    source_dictText: 'APP注册',
    transferred: false,
    createTime: new Date('2026-06-02T10:00:00+08:00').getTime(),
    ...change,
  };
}

export function personInfo(id: number, change: Partial<PersonInfo> = {}): PersonInfo {
  return {
    id,
    tenantId: 3,
    tenantName: '华东众包服务平台',
    userSn: `ZRR3${String(id).padStart(5, '0')}`,
    name: '王芳',
    loginName: '136****5678',
    source_dictText: 'APP注册',
    sexLabel: '女',
    age: 31,
    educationType_dictText: '本科',
    updateTime: new Date('2026-11-02T10:00:00+08:00').getTime(),
    realName: '王芳',
    idCard: '330106********1234',
    frontCard: 0,
    backCard: 0,
    videoAddress: '',
    faceImage: '',
    userAuthVoList: [],
    bankName: '中国工商银行',
    bankCard: '6222 **** **** 1234',
    bankPhone: '136****5678',
    address: '杭州市文三路12号',
    email: '13612345678@139.com',
    categoryName: '医药代表',
    skillCerts: [],
    loginFlag: 0,
    contractName: '灵活用工平台服务协议',
    contractSn: 'XY30000001',
    unmasked: false,
    ...change,
  };
}

export const mockPersonCalls = () => ({
  PERSON_KEY: ['persons'],
  PERSON_LIST_KEY: ['persons', 'list'],
  personInfoKey: (userId: number, token: string | undefined) => ['persons', 'info', userId, token ?? ''],
  personWasTransferredKey: (userId: number) => ['persons', 'wasTransferred', userId],
  personTransferRecordsKey: (userId: number) => ['persons', 'transfers', userId],
  personAgreementsKey: (userId: number) => ['persons', 'agreements', userId],
  personTasksKey: (userId: number) => ['persons', 'tasks', userId],
  fetchPersons: vi.fn(),
  fetchPersonInfo: vi.fn(),
  fetchWasTransferred: vi.fn(),
  fetchTransferRecords: vi.fn(),
  fetchPersonAgreements: vi.fn(),
  fetchPersonTasks: vi.fn(),
  setLoginFlag: vi.fn(),
  clearLoginRestriction: vi.fn(),
  changePersonPassword: vi.fn(),
  editPerson: vi.fn(),
  transferPersonOut: vi.fn(),
});
