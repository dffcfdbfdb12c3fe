import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../components/ConfirmProvider';
import { LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import { useSession } from '../session-store';
import { CompanyHeader } from './CompanyHeader';

const calls = vi.hoisted(() => ({ fetchInProgressCount: vi.fn() }));
vi.mock('../../features/projects/project-calls', () => ({
  projectInProgressCountKey: (tenantId: number | undefined) => ['project', 'countByStatus', 2, tenantId],
  fetchInProgressCount: calls.fetchInProgressCount,
}));

const renderHeader = () =>
  renderWithQuery(
    <ConfirmProvider>
      <CompanyHeader />
    </ConfirmProvider>,
  );

beforeEach(() => {
  calls.fetchInProgressCount.mockReset().mockResolvedValue(3);
  signedInAs('enterprise', 2);
});

describe('CompanyHeader', { timeout: 60_000 }, () => {
  it('shows the default logo (the enterprise name’s first character) and 未填写机构代码 when neither is set', async () => {
    const { container } = renderHeader();
    const logo = container.querySelector('.company-header-logo') as HTMLElement;
    expect(logo).toBeTruthy();
    expect(logo.querySelector('img')).toBeNull();
    expect(logo.textContent).toBe('杭');
    expect(container.querySelector('.company-header-name')?.textContent).toBe('杭州星联医药科技有限公司');
    expect(container.querySelector('.company-header-org')?.textContent).toBe('未填写机构代码');
    expect(await screen.findByText('3', { selector: '[data-testid="projects-in-progress"]' }, LONG)).toBeTruthy();
  });

  it('shows the avatar as the logo and the organisation code text when the user info has them', () => {
    const userInfo = useSession.getState().userInfo;
    if (!userInfo) throw new Error('not signed in');
    useSession.setState({
      userInfo: { ...userInfo, avatar: 'https://files.example/logo.png', orgCodeTxt: '91330100MA2XXXXX1K' },
    });
    const { container } = renderHeader();
    const logo = container.querySelector('.company-header-logo') as HTMLElement;
    expect(logo.querySelector('img')?.getAttribute('src')).toBe('https://files.example/logo.png');
    expect(container.querySelector('.company-header-org')?.textContent).toBe('91330100MA2XXXXX1K');
    expect(screen.queryByText('未填写机构代码')).toBeNull();
  });
});
