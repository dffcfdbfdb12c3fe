import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import LoginLogPage from './LoginLogPage';

const api = vi.hoisted(() => ({
  AUDIT_LIST_KEY: ['audit', 'query'],
  LOGIN_LOG_LIST_KEY: ['loginLog', 'query'],
  fetchAudit: vi.fn(),
  exportAudit: vi.fn(),
  fetchLoginLog: vi.fn(),
  exportLoginLog: vi.fn(),
}));
vi.mock('./audit-calls', () => api);

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 1);
  useSession.setState({ permList: ['sysLoginLog:list:view', 'sysLoginLog:list:export'] });
  api.fetchLoginLog.mockResolvedValue({
    records: [
      {
        id: 7,
        tenantId: 3,
        username: '139****0011',
        realname: '王五',
        side: 'platform',
        result: 'locked',
        reason: 'locked',
        ip: '10.1.2.3',
        userAgent: 'Mozilla/5.0',
        lockedUntil: Date.UTC(2026, 10, 24, 16, 20, 0),
        createdAt: Date.UTC(2026, 10, 24, 16, 5, 9),
      },
      {
        id: 6,
        tenantId: 3,
        username: '139****0011',
        realname: '王五',
        side: 'enterprise',
        result: 'success',
        reason: '',
        ip: '10.1.2.3',
        userAgent: '',
        lockedUntil: null,
        createdAt: Date.UTC(2026, 10, 24, 15, 0, 0),
      },
    ],
    total: 2,
  });
  api.exportLoginLog.mockResolvedValue(12);
});

describe('LoginLogPage', { timeout: 60_000 }, () => {
  it('shows each attempt in China time with side, result and the lock-out’s end', async () => {
    renderWithQuery(<LoginLogPage />);
    expect(await screen.findByText('登录失败次数过多，已锁定（至 2026-11-25 00:20:00）')).toBeTruthy();
    expect(screen.getByText('2026-11-25 00:05:09')).toBeTruthy();
    expect(screen.getByText('锁定')).toBeTruthy();
    expect(screen.getByText('成功')).toBeTruthy();
    expect(screen.getByText('企业端')).toBeTruthy();
    expect(screen.getAllByText('139****0011')).toHaveLength(2);
  });

  it('filters by the whole login number and result, and exports what is filtered', async () => {
    renderWithQuery(<LoginLogPage />);
    await screen.findByText('2026-11-25 00:05:09');
    fireEvent.change(screen.getByPlaceholderText('请输入完整的登录账号'), { target: { value: '13900000011' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.fetchLoginLog).toHaveBeenLastCalledWith(expect.objectContaining({ username: '13900000011' })),
    );
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(api.exportLoginLog).toHaveBeenCalledWith({ username: '13900000011' }));
  });

  it('shows 暂无数据 when nothing matches, and no export without the code', async () => {
    useSession.setState({ permList: ['sysLoginLog:list:view'] });
    api.fetchLoginLog.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<LoginLogPage />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });
});
