import { STATEMENT_CONFIRMATION_TEXT } from '@fieldpay/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG, renderWithQuery, signedInAs } from '../../components/list/testing';
import { STATEMENT_PREVIEW_NOTE, StatementPreviewDialog } from './StatementPreviewDialog';

const { documents } = await vi.hoisted(async () => (await import('./settlement-fixtures')).mockSettlementCalls());
vi.mock('./settlement-documents-calls', () => documents);
const toasts = vi.hoisted(() => ({ warning: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('../../app/notify', () => ({ notifier: () => toasts }));

const settlement = { id: 5, settlementSn: 'JS20261120005' };
const overview = {
  settlementId: 5,
  settlementSn: 'JS20261120005',
  enterpriseName: '杭州星联医药科技有限公司',
  tenantName: '华东众包服务平台',
  projectName: '全渠道终端服务示范项目',
  projectDate: '2026-11-01 至 2026-11-30',
  money: '10600.00',
  fee: '600.00',
};

beforeEach(() => {
  vi.resetAllMocks();
  signedInAs('enterprise', 2);
});

function open() {
  const onClose = vi.fn();
  const onGenerated = vi.fn();
  renderWithQuery(<StatementPreviewDialog settlement={settlement} onClose={onClose} onGenerated={onGenerated} />);
  return { onClose, onGenerated };
}

describe('StatementPreviewDialog', { timeout: 60_000 }, () => {
  it("shows the statement's head with the fixed wording, and makes the statement on 生成对账单", async () => {
    documents.fetchStatementOverview.mockResolvedValue(overview);
    documents.generateStatement.mockResolvedValue('正在生成确认单，请稍后进行下载；');
    const { onClose, onGenerated } = open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('任务对账单预览')).toBeTruthy();
    expect(await within(dialog).findByText('对账确认单', {}, LONG)).toBeTruthy();
    expect(documents.fetchStatementOverview).toHaveBeenCalledWith(5);
    for (const text of [
      '结算单号：JS20261120005',
      '杭州星联医药科技有限公司',
      '华东众包服务平台',
      '全渠道终端服务示范项目',
      '2026-11-01 至 2026-11-30',
      '¥10,600.00',
      '¥600.00',
      STATEMENT_CONFIRMATION_TEXT,
      STATEMENT_PREVIEW_NOTE,
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    const generate = within(dialog).getByRole('button', { name: '生成对账单' });
    fireEvent.click(generate);
    fireEvent.click(generate);
    await waitFor(() => expect(onGenerated).toHaveBeenCalled());
    expect(documents.generateStatement).toHaveBeenCalledTimes(1);
    expect(documents.generateStatement).toHaveBeenCalledWith(5);
    expect(toasts.success).toHaveBeenCalledWith('正在生成确认单，请稍后进行下载；');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps 生成对账单 off until the head is there, and stays open when the server refuses', async () => {
    let resolve: (value: typeof overview) => void = () => undefined;
    documents.fetchStatementOverview.mockReturnValue(
      new Promise((done) => {
        resolve = done;
      }),
    );
    documents.generateStatement.mockRejectedValue(new Error('结算单当前状态为待审核，不能生成对账单'));
    const { onClose, onGenerated } = open();
    const dialog = await screen.findByRole('dialog');
    const generate = () => within(dialog).getByRole('button', { name: '生成对账单' }) as HTMLButtonElement;
    expect(generate().disabled).toBe(true);
    resolve({ ...overview, projectDate: '' });
    await waitFor(() => expect(generate().disabled).toBe(false), LONG);
    // no project period: a dash
    expect(within(dialog).getByText('-')).toBeTruthy();
    fireEvent.click(generate());
    await waitFor(() => expect(documents.generateStatement).toHaveBeenCalled());
    await waitFor(() => expect(generate().querySelector('.ant-btn-loading-icon')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(onGenerated).not.toHaveBeenCalled();
  });

  it('offers 重新加载 when the head cannot be read', async () => {
    documents.fetchStatementOverview.mockRejectedValueOnce(new Error('网络异常')).mockResolvedValue(overview);
    open();
    expect(await screen.findByText('对账单信息加载失败', {}, LONG)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /重新加载/ }, LONG));
    expect(await screen.findByText('杭州星联医药科技有限公司', {}, LONG)).toBeTruthy();
  });
});
