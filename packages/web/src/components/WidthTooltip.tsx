/** Text cut with an ellipsis at `maxWidth`; a tooltip with the whole text once it is that wide (spec 1 §2: 215). */
import { Tooltip } from 'antd';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';

export const NAME_TOOLTIP_WIDTH = 215;

export function WidthTooltip({
  text,
  maxWidth = NAME_TOOLTIP_WIDTH,
  className,
  style,
}: {
  text: string;
  maxWidth?: number;
  className?: string;
  style?: CSSProperties;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [wide, setWide] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the width is measured again whenever the text changes
  useLayoutEffect(() => {
    const element = ref.current;
    // scrollWidth is the full width of the text, also when it is cut.
    if (element) setWide(Math.max(element.scrollWidth, element.getBoundingClientRect().width) >= maxWidth);
  }, [text, maxWidth]);
  const label = (
    <span
      ref={ref}
      className={className}
      data-wide={wide ? 'true' : 'false'}
      style={{
        display: 'inline-block',
        maxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        ...style,
      }}
    >
      {text}
    </span>
  );
  return wide ? <Tooltip title={text}>{label}</Tooltip> : label;
}
