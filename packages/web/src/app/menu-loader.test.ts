import type { MenuItem } from '@fieldpay/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session-store';

const api = vi.hoisted(() => ({ queryPerm: vi.fn() }));
vi.mock('./session-calls', () => api);
const session = vi.hoisted(() => ({ endSession: vi.fn() }));
vi.mock('./end-session', () => session);

const { loadMenuOnce, waitForMenu } = await import('./menu-loader');

const menu: MenuItem[] = [
  { id: 1, name: '首页', url: '/dashboard', component: '', remarks: '', icon: '', isOpen: 1, childList: [] },
];

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetAllMocks();
  useSession.setState({ token: 'tok', menuList: null, permList: [], side: 'platform', userInfo: null });
});
afterEach(() => vi.useRealTimers());

describe('menu loading', () => {
  it('waits, checking every 50 ms, until the menu is present', async () => {
    let resolved: MenuItem[] | null | undefined;
    void waitForMenu().then((m) => {
      resolved = m;
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(resolved).toBeUndefined();
    useSession.getState().setPerm({ menuList: menu, permList: [] });
    await vi.advanceTimersByTimeAsync(49);
    expect(resolved).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toEqual(menu);
  });

  it('stops waiting when the session ends', async () => {
    const waiting = waitForMenu();
    useSession.setState({ token: null });
    await vi.advanceTimersByTimeAsync(50);
    await expect(waiting).resolves.toBeNull();
  });

  it('fetches the menu once however often it is asked for', async () => {
    api.queryPerm.mockResolvedValue({ menuList: menu, permList: ['a:b'] });
    await Promise.all([loadMenuOnce(), loadMenuOnce(), loadMenuOnce()]);
    await loadMenuOnce();
    expect(api.queryPerm).toHaveBeenCalledTimes(1);
    expect(useSession.getState().permList).toEqual(['a:b']);
  });

  it('a failing permission call ends the session', async () => {
    api.queryPerm.mockRejectedValue(new Error('10001'));
    await loadMenuOnce();
    expect(session.endSession).toHaveBeenCalledTimes(1);
  });
});
