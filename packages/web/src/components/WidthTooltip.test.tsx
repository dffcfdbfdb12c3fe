import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WidthTooltip } from './WidthTooltip';

afterEach(() => vi.restoreAllMocks());

const renderedWidth = (width: number) =>
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => width);

describe('WidthTooltip', () => {
  it('shows no tooltip below 215 px', () => {
    renderedWidth(214);
    render(<WidthTooltip text="杭州星联医药科技有限公司" />);
    expect(screen.getByText('杭州星联医药科技有限公司').dataset.wide).toBe('false');
  });

  it('shows the whole name in a tooltip from 215 px on', async () => {
    renderedWidth(215);
    render(<WidthTooltip text="一个名字非常非常长的企业管理咨询服务有限公司" />);
    const label = screen.getByText('一个名字非常非常长的企业管理咨询服务有限公司');
    expect(label.dataset.wide).toBe('true');
    fireEvent.mouseEnter(label);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
  });
});
