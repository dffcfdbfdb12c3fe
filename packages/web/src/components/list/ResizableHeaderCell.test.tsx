import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResizableHeaderCell } from './ResizableHeaderCell';

function renderCell(width: number | undefined, onResizeEnd = vi.fn(), onResizing = vi.fn()) {
  render(
    <table>
      <thead>
        <tr>
          <ResizableHeaderCell width={width} columnLabel="通知标题" onResizing={onResizing} onResizeEnd={onResizeEnd}>
            通知标题
          </ResizableHeaderCell>
        </tr>
      </thead>
    </table>,
  );
  return { handle: screen.getByRole('separator', { name: '调整通知标题列宽' }), onResizeEnd, onResizing };
}

describe('ResizableHeaderCell', () => {
  it('follows the pointer while dragging and reports the width once at the end', () => {
    const { handle, onResizeEnd, onResizing } = renderCell(200);
    fireEvent.mouseDown(handle, { clientX: 500 });
    fireEvent.mouseMove(document, { clientX: 540 });
    fireEvent.mouseMove(document, { clientX: 580 });
    expect(onResizing).toHaveBeenLastCalledWith(280);
    expect(onResizeEnd).not.toHaveBeenCalled();
    fireEvent.mouseUp(document);
    expect(onResizeEnd).toHaveBeenCalledTimes(1);
    expect(onResizeEnd).toHaveBeenCalledWith(280);
    // once released, moves change nothing
    fireEvent.mouseMove(document, { clientX: 900 });
    expect(onResizeEnd).toHaveBeenCalledTimes(1);
  });

  it('snaps a width under 10 to 10', () => {
    const { handle, onResizeEnd } = renderCell(100);
    fireEvent.mouseDown(handle, { clientX: 300 });
    fireEvent.mouseMove(document, { clientX: 205 });
    fireEvent.mouseUp(document);
    expect(onResizeEnd).toHaveBeenCalledWith(10);
  });

  it('reports nothing for a click without a move', () => {
    const { handle, onResizeEnd } = renderCell(100);
    fireEvent.mouseDown(handle, { clientX: 300 });
    fireEvent.mouseUp(document);
    expect(onResizeEnd).not.toHaveBeenCalled();
  });

  it('takes ← and → from the keyboard, 10 pixels a press, never below 10', () => {
    const { handle, onResizeEnd } = renderCell(15);
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(onResizeEnd).toHaveBeenLastCalledWith(25);
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(onResizeEnd).toHaveBeenLastCalledWith(10);
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(onResizeEnd).toHaveBeenCalledTimes(2);
  });

  it('is a plain header cell when the column does not resize', () => {
    render(
      <table>
        <thead>
          <tr>
            <ResizableHeaderCell>操作</ResizableHeaderCell>
          </tr>
        </thead>
      </table>,
    );
    expect(screen.getByText('操作').tagName).toBe('TH');
    expect(screen.queryByRole('separator')).toBeNull();
  });
});
