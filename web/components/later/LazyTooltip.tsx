import type { TooltipProps } from '@mantine/core';
import { cloneElement, type ReactElement, type MouseEvent as ReactMouseEvent, useState } from 'react';
import { later, useLater } from './later';

const tooltip = later(() => import('./tooltip'));

type HoverProps = { onMouseEnter?: (event: ReactMouseEvent) => void; onMouseLeave?: (event: ReactMouseEvent) => void };

/**
 * Mantine's Tooltip, for what the first screen shows (the header's and footer's icon buttons, times
 * ago): it and the floating-ui library behind it load after start-up (later.ts). Until then the child
 * shows alone; a pointer already on it when the tooltip arrives opens it.
 */
export function LazyTooltip({ children, ...props }: TooltipProps & { children: ReactElement<HoverProps> }) {
  const parts = useLater(tooltip);
  const [hovered, setHovered] = useState(false);
  if (parts) {
    return (
      <parts.Tooltip defaultOpened={hovered && !props.disabled} {...props}>
        {children}
      </parts.Tooltip>
    );
  }
  return cloneElement(children, { onMouseEnter: () => setHovered(true), onMouseLeave: () => setHovered(false) });
}
