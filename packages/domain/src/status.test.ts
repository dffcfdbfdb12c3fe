import { describe, expect, it } from 'vitest';
import {
  AUDIT_STATUS_MINUS_ONE_READINGS,
  CHOICE_SUBJECT_TYPES,
  CUSTOMER_DEPARTMENT_DICT,
  confirmButtons,
  DOWNLOAD_CACHE_STATUS,
  ENTERPRISE_AGREEMENT_STATUS,
  ENTERPRISE_PAY_STATUS,
  ENTERPRISE_SIGNING_RECORD_STATUS,
  enterpriseStatusToggle,
  INVOICE_RECIPIENT_STATUS,
  isCacheDownloadable,
  LOGIN_FLAG_ACTIONS,
  PAY_STATUS_DETAIL_READING,
  PAY_STATUS_FILTER_EXCLUDED,
  PAY_STATUS_LIST_READING,
  PERSON_LOGIN_FLAG,
  SETTLEMENT_AUDIT_STATUS,
  SETTLEMENT_RECORD_FILTER_EXCLUDED,
  SETTLEMENT_RECORD_PAY_STATUS,
  SURVEY_SUBJECT_TYPES,
  settlementProcessStatus,
  settlementProgressStep,
  sexLabel,
  showsAiRejectionReason,
  STYLE_TAG_COLOR,
  statusInfo,
  statusLabel,
  TASK_TYPES,
  tenantOptionLabel,
  VOUCHER_STATUS,
} from './status';
import { PROJECT_STATUS } from './projects';

const labelsAndColors = (dictionary: Record<string, { label: string; color: string }>) =>
  Object.fromEntries(Object.entries(dictionary).map(([code, info]) => [code, [info.label, info.color]]));

describe('status lookup', () => {
  it('finds codes given as numbers or numeric strings, and nothing else', () => {
    expect(statusInfo(PROJECT_STATUS, 4)?.label).toBe('进行中');
    expect(statusInfo(PROJECT_STATUS, '4')?.label).toBe('进行中');
    expect(statusInfo(SETTLEMENT_AUDIT_STATUS, '-1')?.label).toBe('已撤回');
    expect(statusInfo(PROJECT_STATUS, 9)).toBeUndefined();
    expect(statusInfo(PROJECT_STATUS, 'toString')).toBeUndefined();
    expect(statusInfo(PROJECT_STATUS, null)).toBeUndefined();
    expect(statusLabel(PROJECT_STATUS, undefined)).toBe('-');
  });

  it('maps the spec styles to antd colours', () => {
    expect(STYLE_TAG_COLOR).toEqual({
      main: 'processing',
      success: 'success',
      normal: 'success',
      warn: 'warning',
      fail: 'error',
      other: 'default',
    });
  });
});

describe('projects and tasks', () => {
  it('labels and colours project statuses exactly', () => {
    expect(labelsAndColors(PROJECT_STATUS)).toEqual({
      0: ['待审核', 'warning'],
      1: ['未通过', 'error'],
      2: ['已结束', 'default'],
      3: ['已暂停', 'error'],
      4: ['进行中', 'processing'],
      5: ['未知', 'default'],
      6: ['审核中', 'warning'],
    });
  });

  it('names every task type', () => {
    expect(TASK_TYPES.cgfw).toBe('采购服务');
    expect(TASK_TYPES.ppxc).toBe('品牌宣传(文章阅读)');
    expect(TASK_TYPES.xueShu_keShi).toBe('学术会议(科室会)');
    expect(Object.keys(TASK_TYPES)).toHaveLength(10);
  });

  it('hides the AI rejection reason for audit statuses 2 and 4 or without remarks', () => {
    expect(showsAiRejectionReason(3, '图片模糊')).toBe(true);
    expect(showsAiRejectionReason(2, '图片模糊')).toBe(false);
    expect(showsAiRejectionReason(4, '图片模糊')).toBe(false);
    expect(showsAiRejectionReason(3, '')).toBe(false);
  });

  it('names survey subject types and the choice types', () => {
    expect(SURVEY_SUBJECT_TYPES[13]).toBe('评分（五星）');
    expect(SURVEY_SUBJECT_TYPES[4]).toBe(SURVEY_SUBJECT_TYPES[17]);
    expect(CHOICE_SUBJECT_TYPES).toEqual([10, 11, 13, 14]);
  });
});

describe('settlements', () => {
  it('styles audit statuses: 1 main, 2 success, -1 and 3 fail', () => {
    expect(labelsAndColors(SETTLEMENT_AUDIT_STATUS)).toEqual({
      '-1': ['已撤回', 'error'],
      1: ['待审核', 'processing'],
      2: ['审核通过', 'success'],
      3: ['审核未通过', 'error'],
    });
  });

  it('keeps both readings of audit status -1', () => {
    expect(AUDIT_STATUS_MINUS_ONE_READINGS.withdrawn).toEqual(SETTLEMENT_AUDIT_STATUS[-1]);
    expect(AUDIT_STATUS_MINUS_ONE_READINGS.notAudited.label).toBe('未审核');
    expect(settlementProgressStep({ auditStatus: -1, auditTime: '2025-01-02 10:00:00' }, 'detail')).toBe(1);
  });

  it('computes the progress step of both views', () => {
    const applied = { auditStatus: 1 };
    const audited = { auditStatus: 2, auditTime: '2025-01-02 10:00:00' };
    const enterprisePaid = { ...audited, enterprisePayTime: '2025-01-03 10:00:00' };
    const settled = { ...enterprisePaid, settlementTime: '2025-01-04 10:00:00' };
    expect(settlementProgressStep(applied, 'detail')).toBe(1);
    expect(settlementProgressStep(audited, 'detail')).toBe(2);
    expect(settlementProgressStep(enterprisePaid, 'detail')).toBe(3);
    expect(settlementProgressStep(settled, 'detail')).toBe(4);
    expect(settlementProgressStep(settled, 'enterpriseFlow')).toBe(3);
  });

  it('keeps both readings of pay status 1', () => {
    expect(PAY_STATUS_LIST_READING[1].label).toBe('结算失败');
    expect(PAY_STATUS_DETAIL_READING[1].label).toBe('待结算');
    expect(PAY_STATUS_LIST_READING[0].color).toBe('warning');
    expect(PAY_STATUS_LIST_READING[2].color).toBe('success');
    expect(PAY_STATUS_FILTER_EXCLUDED).toEqual([1]);
  });

  it('reads per-person records and process entries', () => {
    expect(labelsAndColors(SETTLEMENT_RECORD_PAY_STATUS)).toEqual({
      0: ['待发放', 'warning'],
      1: ['结算成功', 'success'],
      2: ['结算失败', 'error'],
      3: ['已处理', 'default'],
      4: ['处理中', 'processing'],
    });
    expect(SETTLEMENT_RECORD_FILTER_EXCLUDED).toEqual([1, 3]);
    expect(settlementProcessStatus('1').color).toBe('success');
    expect(settlementProcessStatus('2').color).toBe('error');
    expect(settlementProcessStatus('0').label).toBe('处理中');
    expect(settlementProcessStatus(null).label).toBe('处理中');
  });

  it('labels enterprise pay, voucher and invoice recipient statuses', () => {
    expect(ENTERPRISE_PAY_STATUS[2].label).toBe('已结算');
    expect(Object.keys(VOUCHER_STATUS)).toEqual(['0', '1', '2']);
    expect([0, 1, 2].map((code) => statusInfo(INVOICE_RECIPIENT_STATUS, code)?.style)).toEqual([
      'main',
      'warn',
      'success',
    ]);
  });
});

describe('people, enterprises, agreements, customers', () => {
  it('styles signing records: 1 fail, 2 normal, 3-5 warn, 6 (and 7) other, with the management labels', () => {
    expect(Object.values(ENTERPRISE_SIGNING_RECORD_STATUS).map((info) => info.style)).toEqual([
      'fail',
      'normal',
      'warn',
      'warn',
      'warn',
      'other',
      'other',
    ]);
    for (const [status, info] of Object.entries(ENTERPRISE_SIGNING_RECORD_STATUS)) {
      expect(info.label).toBe(ENTERPRISE_AGREEMENT_STATUS[Number(status) as 1].label);
    }
    expect(ENTERPRISE_AGREEMENT_STATUS[1].style).toBe('fail');
    expect(ENTERPRISE_AGREEMENT_STATUS[7].label).toBe('已结束');
  });

  it('offers one login action per flag', () => {
    expect(Object.keys(PERSON_LOGIN_FLAG)).toEqual(['0', '1', '2', '3']);
    expect(LOGIN_FLAG_ACTIONS[0]).toEqual(['ban']);
    expect(LOGIN_FLAG_ACTIONS[1]).toEqual(['enable']);
    expect(LOGIN_FLAG_ACTIONS[2]).toEqual(['clearLoginRestriction']);
    expect(LOGIN_FLAG_ACTIONS[3]).toEqual([]);
  });

  it('toggles the enterprise status with the confirm text naming it', () => {
    expect(enterpriseStatusToggle(1, '深圳市某某科技有限公司')).toEqual({
      next: 2,
      confirmText: '确认禁用深圳市某某科技有限公司',
    });
    expect(enterpriseStatusToggle(2, '某某公司')).toEqual({ next: 1, confirmText: '确认启用某某公司' });
  });

  it('reads sex, tenant options, customer dictionaries and cache status', () => {
    expect([sexLabel(1), sexLabel('2'), sexLabel(0), sexLabel(null)]).toEqual(['男', '女', '-', '-']);
    expect(tenantOptionLabel('华东平台', 0)).toBe('【已禁用】华东平台');
    expect(tenantOptionLabel('华东平台', 1)).toBe('华东平台');
    expect(CUSTOMER_DEPARTMENT_DICT.pharmacy).toBe('pharmacy_cus_type');
    expect(DOWNLOAD_CACHE_STATUS[2].color).toBe('error');
    expect([0, 1, 2].map(isCacheDownloadable)).toEqual([false, true, false]);
  });
});

describe('confirmButtons', () => {
  it.each([
    [0, { cancelText: '取消', okText: '确定' }],
    [3, { cancelText: '取消', okText: '确定' }],
    [10, { cancelText: '否', okText: '是' }],
    [11, { cancelText: '取消', okText: '去签署协议' }],
    [12, { cancelText: '取消', okText: '确认复用' }],
    [14, { okText: '知道了' }],
    [15, { cancelText: '关闭', okText: '继续录入' }],
    [16, { cancelText: '关闭', okText: '完善信息' }],
    [17, { cancelText: '取消', okText: '确定' }],
    [101, { okText: '确定' }],
    [1, { cancelText: '关闭' }],
    [2, { cancelText: '关闭' }],
    [13, { cancelText: '关闭' }],
    [100, { cancelText: '关闭' }],
    [-1, { cancelText: '关闭' }],
  ])('type %i', (type, buttons) => {
    expect(confirmButtons(type)).toEqual(buttons);
  });
});
