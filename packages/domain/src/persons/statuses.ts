/**
 * Natural-person accounts (spec 3 §2 "Natural-person account info", §3 "Natural person", §4; decision
 * 0033): the dictionaries and messages of the platform's screens over the persons registered on it.
 */
import { formatChinaDate } from '../china-time';
import { INPUT_MAX_LENGTH } from '../limits';
import { defineStatuses } from '../status';

/** How the account came to the platform (source_dictText). */
export const PERSON_SOURCES = { 1: 'APP注册', 2: '平台导入' } as const;

/** educationType_dictText */
export const PERSON_EDUCATION_TYPES = {
  1: '初中及以下',
  2: '高中/中专',
  3: '大专',
  4: '本科',
  5: '硕士及以上',
} as const;

/** A person's agreement: signed is in performance (the main style, spec 3 §4), else awaiting the signature. */
export const PERSON_AGREEMENT_SIGN_STATUS = defineStatuses({
  0: ['待签署', 'warn'],
  1: ['履约中', 'main'],
});

export const PERSON_MSG = {
  notFound: '自然人不存在',
  /** a login action offered for another flag than the person's (the list is stale) */
  loginFlagChanged: '该自然人的账号状态已变化，请刷新后重试',
  banned: '禁用成功',
  enabled: '启用成功',
  loginRestrictionCleared: '已解除登录限制',
  passwordChanged: '密码修改成功',
  /** the account name on the form is not the person's login account */
  loginNameMismatch: '登录账号与该自然人不符，请刷新后重试',
  transferEnterpriseNotFound: '转入企业不存在或已禁用',
  alreadyTransferred: '该自然人已转入该企业',
  nameTooLong: `姓名不能超过${INPUT_MAX_LENGTH.companyPicker}个字符`,
  phoneTooLong: `手机号不能超过${INPUT_MAX_LENGTH.phone}个字符`,
  // 编辑 (spec 3 §5 "Person editing form"; decision 0046)
  accountNameRequired: '请输入账户名称',
  accountNameTooLong: `账户名称不能超过${INPUT_MAX_LENGTH.personAccountName}个字符`,
  phoneRequired: '请输入手机号',
  phoneTaken: '该手机号已被本平台其他自然人使用',
  /** a person whose identity is verified is named by the ID card */
  nameFixedByIdentity: '该自然人已实名认证，账户名称以身份证姓名为准，不能修改',
  edited: '保存成功',
} as const;

/** A person's ID number tells its holder's sex (the 17th digit, odd for men) and birth date. */
export function identityFacts(idCard: string | null | undefined, now: Date): { sex: 1 | 2 | null; age: number | null } {
  if (!idCard || !/^\d{17}[\dX]$/.test(idCard)) return { sex: null, age: null };
  const year = Number(idCard.slice(6, 10));
  const month = Number(idCard.slice(10, 12));
  const day = Number(idCard.slice(12, 14));
  // today as a China calendar date
  const [thisYear, thisMonth, today] = formatChinaDate(now.getTime()).split('-').map(Number);
  const hadBirthday = thisMonth > month || (thisMonth === month && today >= day);
  const age = thisYear - year - (hadBirthday ? 0 : 1);
  return { sex: Number(idCard[16]) % 2 === 1 ? 1 : 2, age: age >= 0 && age < 150 ? age : null };
}
