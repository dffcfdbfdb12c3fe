import { describe, expect, it } from 'vitest';
import { loadsNoticesAndBanks, PERMISSION_CODES, PERMISSIONS } from './permissions';

describe('PERMISSIONS catalogue', () => {
  it('has module:screen:action codes with a Chinese name each', () => {
    for (const code of PERMISSION_CODES) {
      expect(code).toMatch(/^[A-Za-z]+:[A-Za-z]+:[A-Za-z]+$/);
      expect(PERMISSIONS[code].name).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('keeps the spec codes exactly as written', () => {
    expect(PERMISSION_CODES).toEqual(
      expect.arrayContaining([
        'projectManage:pro:modify',
        'projectManage:list:export',
        'settlement:list:withdraw',
        'settlement:Infor:download',
        'page:list:download',
        'personalAccountManage:info:password',
        'personalAccountManage:info:desensitization',
        'personalAccountManage:info:clearLogin',
        'personalAccountManage:list:disable',
        'personalAccountManage:list:transferOut',
        'personalAccountManage:list:transferOutRecord',
        'personalAgreement:list:download',
        'enterpriseAccountManage:list:disable',
        'enterpriseAccountManage:info:modify',
        'enterpriseAccountManage:info:modifyAccount',
        'enterpriseAccountManage:info:desensitization',
        'enterpriseAgreement:list:download',
        'enterpriseAgreement:list:add',
        'enterpriseAgreement:list:delete',
        'cusVerify:list:adopt',
        'cusVerify:list:reject',
      ]),
    );
  });

  it('keeps operator-only codes on the platform side', () => {
    const operatorOnly = PERMISSION_CODES.filter((code) => PERMISSIONS[code].platformOperatorOnly);
    expect(operatorOnly.length).toBeGreaterThan(0);
    for (const code of operatorOnly) expect(PERMISSIONS[code].side).toBe('platform');
  });

  it('loads red-dot notices and the bank list only for an identity other than 1', () => {
    expect(loadsNoticesAndBanks(1)).toBe(false);
    expect(loadsNoticesAndBanks(2)).toBe(true);
    expect(loadsNoticesAndBanks(undefined)).toBe(false);
  });
});
