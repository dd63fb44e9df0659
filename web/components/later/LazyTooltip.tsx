import type { TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, type FocusEvent, type ReactElement, type MouseEvent as ReactMouseEvent, type Ref, useRef, useState } from 'react';
import { later, useLater } from './later';

const tooltip = later(() => import('./tooltip'));

type TargetProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: ReactMouseEvent) => void;
  onMouseLeave?: (event: ReactMouseEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
};

/**
 * Mantine's Tooltip, for what the first screen shows (icon buttons, times ago, the request forms'
 * fields): it and the floating-ui library behind it load after start-up (later.ts). The child stays
 * where it is when the tooltip arrives, which is drawn beside it on its element (Tooltip's `target`):
 * wrapping it then would mount it again, and a field would lose its focus while the fan types. The
 * hover (and, with `events.focus`, the focus) is tracked here, so a pointer already on the child
 * when the tooltip arrives opens it.
 */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'children' | 'target'> & { children: ReactElement<TargetProps> }) {
  const parts = useLater(tooltip);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const element = useRef<HTMLElement>(null);
  const ref = useMergedRef(element, children.props.ref);
  const { onMouseEnter, onMouseLeave, onFocus, onBlur } = children.props;
  const target = cloneElement(children, {
    ref,
    onMouseEnter: (event: ReactMouseEvent) => {
      setHovered(true);
      onMouseEnter?.(event);
    },
    onMouseLeave: (event: ReactMouseEvent) => {
      setHovered(false);
      onMouseLeave?.(event);
    },
    onFocus: (event: FocusEvent) => {
      setFocused(true);
      onFocus?.(event);
    },
    onBlur: (event: FocusEvent) => {
      setFocused(false);
      onBlur?.(event);
    },
  });
  const opened = props.opened ?? ((props.events?.hover !== false && hovered) || (props.events?.focus === true && focused));
  return (
    <>
      {target}
      {parts ? <parts.Tooltip {...props} target={element} opened={opened && !props.disabled} /> : null}
    </>
  );
}
