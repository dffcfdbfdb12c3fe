import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../app/session-store';
import { renderWithQuery, signedInAs } from '../../components/list/testing';
import AuditLogPage, { changeText } from './AuditLogPage';

const api = vi.hoisted(() => ({ AUDIT_LIST_KEY: ['audit', 'query'], fetchAudit: vi.fn(), exportAudit: vi.fn() }));
vi.mock('./audit-calls', () => api);

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 1);
  api.fetchAudit.mockResolvedValue({
    records: [
      {
        id: 5,
        tenantId: 0,
        actorName: '运营管理员',
        side: 'platform',
        action: 'staff.add',
        targetType: 'user',
        targetId: '42',
        before: null,
        after: { username: '137****0003', realname: '王五' },
        ip: '127.0.0.1',
        createdAt: Date.UTC(2026, 10, 24, 16, 5, 9),
      },
    ],
    total: 1,
  });
});

describe('AuditLogPage', { timeout: 60_000 }, () => {
  it('shows who did what to which record in China time, and filters by operator', async () => {
    renderWithQuery(<AuditLogPage />);
    expect(await screen.findByText('新增账号')).toBeTruthy();
    expect(screen.getByText('2026-11-25 00:05:09')).toBeTruthy();
    expect(screen.getByText('账号 42')).toBeTruthy();
    expect(screen.getByText('username: 137****0003；realname: 王五')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入操作人'), { target: { value: '运营' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.fetchAudit).toHaveBeenLastCalledWith(expect.objectContaining({ actorName: '运营' })),
    );
  });

  it('shows 暂无数据 when nothing matches', async () => {
    api.fetchAudit.mockResolvedValue({ records: [], total: 0 });
    renderWithQuery(<AuditLogPage />);
    expect((await screen.findAllByText('暂无数据')).length).toBeGreaterThan(0);
  });

  it('exports the filtered log through the export centre when the session holds the code', async () => {
    useSession.setState({ permList: ['sysAudit:list:view', 'sysAudit:list:export'] });
    api.exportAudit.mockResolvedValue(3);
    renderWithQuery(<AuditLogPage />);
    await screen.findByText('新增账号');
    fireEvent.change(screen.getByPlaceholderText('请输入操作人'), { target: { value: '运营' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.fetchAudit).toHaveBeenLastCalledWith(expect.objectContaining({ actorName: '运营' })),
    );
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(api.exportAudit).toHaveBeenCalledWith({ actorName: '运营' }));
  });

  it('offers no export without the code', async () => {
    renderWithQuery(<AuditLogPage />);
    await screen.findByText('新增账号');
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
  });

  it('writes stored values as key: value pairs', () => {
    expect(changeText({ status: 1, roleIds: [3, 4] })).toBe('status: 1；roleIds: [3,4]');
    expect(changeText(null)).toBe('');
  });
});
