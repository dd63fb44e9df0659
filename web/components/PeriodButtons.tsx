import { Button, Group } from '@mantine/core';

export interface PeriodOption<T extends string> {
  label: string;
  value: T;
}

interface PeriodButtonsProps<T extends string> {
  options: readonly PeriodOption<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
}

/** The period buttons of the top lists (PAST WEEK, PAST MONTH, ...): the chosen one is filled. */
export function PeriodButtons<T extends string>({ options, value, onChange, label }: PeriodButtonsProps<T>) {
  return (
    <Group gap={6} role="group" aria-label={label} mb="lg">
      {options.map((option) => {
        const active = option.value === value;
        return (
          <Button
            key={option.value}
            size="compact-sm"
            radius="xl"
            px="sm"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        );
      })}
    </Group>
  );
}
