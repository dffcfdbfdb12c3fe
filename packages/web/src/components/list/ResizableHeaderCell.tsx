/**
 * A table header cell with a handle on its right edge: drag it (or focus it and press ← / →) to
 * change the column's width. The width follows the pointer while dragging and is reported once at
 * the end, snapped to at least 10 (spec 2 §5).
 */
import { resizedColumnWidth } from '@fieldpay/domain';
import { type KeyboardEvent, type MouseEvent, type ThHTMLAttributes, useRef } from 'react';

/** Keyboard step of the handle, in pixels. */
export const RESIZE_KEY_STEP = 10;

export interface ResizableHeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** the column's current width; absent for the selection and action columns, which do not resize */
  width?: number;
  columnLabel?: string;
  onResizing?(width: number): void;
  onResizeEnd?(width: number): void;
}

export function ResizableHeaderCell({
  width,
  columnLabel,
  onResizing,
  onResizeEnd,
  children,
  style,
  ...rest
}: ResizableHeaderCellProps) {
  const cellRef = useRef<HTMLTableCellElement>(null);
  if (!onResizeEnd) {
    return (
      <th {...rest} style={style}>
        {children}
      </th>
    );
  }

  const startWidth = () => width ?? cellRef.current?.getBoundingClientRect().width ?? 0;

  const startDrag = (event: MouseEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const originX = event.clientX;
    const originWidth = startWidth();
    let current = originWidth;
    const move = (moveEvent: globalThis.MouseEvent) => {
      current = resizedColumnWidth(originWidth + moveEvent.clientX - originX);
      onResizing?.(current);
    };
    const end = () => {
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', end);
      document.body.classList.remove('column-resizing');
      if (current !== originWidth) onResizeEnd(current);
    };
    document.body.classList.add('column-resizing');
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', end);
  };

  const nudge = (event: KeyboardEvent<HTMLSpanElement>) => {
    const step = event.key === 'ArrowRight' ? RESIZE_KEY_STEP : event.key === 'ArrowLeft' ? -RESIZE_KEY_STEP : 0;
    if (step === 0) return;
    event.preventDefault();
    onResizeEnd(resizedColumnWidth(startWidth() + step));
  };

  return (
    <th {...rest} ref={cellRef} style={{ ...style, position: 'relative' }}>
      {children}
      {/* biome-ignore lint/a11y/useSemanticElements: an <hr> cannot take focus or pointer drags; this is a focusable splitter */}
      <span
        className="column-resize-handle"
        role="separator"
        aria-orientation="vertical"
        aria-label={columnLabel ? `调整${columnLabel}列宽` : '调整列宽'}
        aria-valuenow={width}
        tabIndex={0}
        onMouseDown={startDrag}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={nudge}
      />
    </th>
  );
}
