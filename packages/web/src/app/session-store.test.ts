import type { LoginUserInfo } from '@fieldpay/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberedTenant, SESSION_STORAGE_KEY, useSession } from './session-store';

const info = (tenantId: number, token = 'tok'): LoginUserInfo => ({
  token,
  tenant: { id: tenantId, tenantName: `平台${tenantId}` },
  userIdentity: 2,
  realname: '张三',
  username: '13900000001',
  account: '13900000001',
  enterprise: { id: 9, enterpriseName: '示例企业' },
  avatar: null,
  orgCodeTxt: null,
  phoneVerifyStatus: 1,
  tenantList: [
    { id: 1, tenantName: '平台1' },
    { id: 2, tenantName: '平台2' },
  ],
});

beforeEach(() =>
  useSession.setState({ token: null, userInfo: null, menuList: null, permList: [], tenantChoice: null }),
);

describe('session store', () => {
  it('keeps token, user info and side in localStorage, not the menu', () => {
    useSession.getState().signIn(info(1), 'enterprise');
    useSession.getState().setPerm({ menuList: [], permList: ['a:b'] });
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state;
    expect(stored.token).toBe('tok');
    expect(stored.userInfo.tenant.id).toBe(1);
    expect(stored.side).toBe('enterprise');
    expect(stored.menuList).toBeUndefined();
  });

  it('remembers the enterprise tenant choice for 7 days', () => {
    const before = Date.now();
    useSession.getState().signIn(info(1), 'enterprise');
    useSession.getState().switchedTenant(info(2, 'ignored'));
    const { tenantChoice, userInfo, token } = useSession.getState();
    expect(token).toBe('tok');
    expect(userInfo?.token).toBe('tok');
    expect(userInfo?.tenant.id).toBe(2);
    expect(tenantChoice?.tenantId).toBe(2);
    expect(rememberedTenant(tenantChoice, '13900000001')).toBe(2);
    expect(rememberedTenant(tenantChoice, '13900000002')).toBeNull();
    expect(rememberedTenant(tenantChoice, '13900000001', before + 7 * 86_400_000 + 60_000)).toBeNull();
  });

  it('a tenant switch asks for the menu again', () => {
    useSession.getState().signIn(info(1), 'enterprise');
    useSession.getState().setPerm({ menuList: [], permList: ['x'] });
    useSession.getState().switchedTenant(info(2));
    expect(useSession.getState().menuList).toBeNull();
    expect(useSession.getState().permList).toEqual([]);
  });

  it('clear drops the session but keeps the side and the tenant choice', () => {
    useSession.getState().signIn(info(1), 'enterprise');
    useSession.getState().setPerm({ menuList: [], permList: ['x'] });
    useSession.getState().clear();
    const state = useSession.getState();
    expect(state.token).toBeNull();
    expect(state.userInfo).toBeNull();
    expect(state.menuList).toBeNull();
    expect(state.permList).toEqual([]);
    expect(state.side).toBe('enterprise');
    expect(state.tenantChoice?.tenantId).toBe(1);
  });
});
