import { ActionIcon, Indicator } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { LazyTooltip } from '../later/LazyTooltip';

interface FilterToggleProps {
  opened: boolean;
  onToggle: () => void;
  /** A filter is applied: a dot on the button tells the visitor while the panel is closed */
  applied?: boolean;
  controls?: string;
}

/** The filter button: active (filled) while the filter panel is open; tooltip "Filter". */
export function FilterToggle({ opened, onToggle, applied = false, controls }: FilterToggleProps) {
  return (
    <LazyTooltip label="Filter">
      <Indicator disabled={!applied || opened} size={9} offset={4}>
        <ActionIcon
          size="lg"
          variant={opened ? 'filled' : 'light'}
          aria-label="Filter"
          aria-pressed={opened}
          aria-expanded={opened}
          aria-controls={controls}
          data-active={opened || undefined}
          onClick={onToggle}
        >
          <IconFilter size={20} stroke={1.8} />
        </ActionIcon>
      </Indicator>
    </LazyTooltip>
  );
}
