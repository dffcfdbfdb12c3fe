import type { EnterpriseInfo } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonByText, LONG, openOptions, renderWithQuery, selectOf, signedInAs } from '../../components/list/testing';
import { EnterpriseTagsDialog } from './EnterpriseTagsDialog';

const calls = vi.hoisted(() => ({ saveEnterpriseTags: vi.fn() }));
vi.mock('./enterprise-calls', () => calls);
const lookups = vi.hoisted(() => ({ fetchLookup: vi.fn() }));
vi.mock('../../components/remote-select-calls', () => lookups);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const info = { id: 9, tenantId: 3, tags: [{ id: 1, tag: '重点客户' }] } as EnterpriseInfo;

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('platform', 2);
  lookups.fetchLookup.mockResolvedValue({
    total: 3,
    records: [
      { id: 1, tag: '重点客户', type: 1, tenantId: 3 },
      { id: 2, tag: '医药行业', type: 1, tenantId: 3 },
      { id: 3, tag: '长期合作', type: 1, tenantId: 3 },
    ],
  });
});

describe('编辑标签', { timeout: 60_000 }, () => {
  it('offers the platform’s enterprise tags, starts from the enterprise’s, and saves the choice', async () => {
    calls.saveEnterpriseTags.mockResolvedValue('编辑成功');
    renderWithQuery(<EnterpriseTagsDialog info={info} onClose={() => undefined} />);
    await waitFor(() =>
      expect(lookups.fetchLookup).toHaveBeenCalledWith('tag', {
        filters: { tenantId: 3, type: 1 },
        pageNo: 1,
        pageSize: 100,
      }),
    );
    const dialog = (await screen.findByText('编辑标签', {}, LONG)).closest('.ant-modal') as HTMLElement;
    expect(await within(dialog).findByText('重点客户', {}, LONG)).toBeTruthy();
    const options = await openOptions(await selectOf('企业标签'), '企业标签');
    fireEvent.click(options.find((option) => option.textContent === '长期合作') as HTMLElement);
    fireEvent.click(buttonByText(/确\s*定/));
    await waitFor(() =>
      expect(calls.saveEnterpriseTags).toHaveBeenCalledWith({ enterpriseId: 9, tenantId: 3, tagIds: [1, 3] }),
    );
    expect(toasts.success).toHaveBeenCalledWith('编辑成功');
  });
});
