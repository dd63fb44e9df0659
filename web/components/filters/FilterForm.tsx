import { Button, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

interface FilterFormProps {
  /** The form's accessible name */
  label: string;
  /** Applies the selections (APPLY, or Enter in a field) */
  onApply: () => void;
  /** Empties the selections and applies the empty filter (CLEAR) */
  onClear: () => void;
  /** The fields */
  children: ReactNode;
}

/** The frame both filter panels share: a form of their fields, then APPLY and CLEAR. */
export function FilterForm({ label, onApply, onClear, children }: FilterFormProps) {
  return (
    <Paper
      withBorder
      p="md"
      mb="lg"
      radius="md"
      component="form"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      {children}
      <Group justify="flex-end" mt="md" gap="sm">
        <Button type="submit">APPLY</Button>
        <Button variant="default" onClick={onClear}>
          CLEAR
        </Button>
      </Group>
    </Paper>
  );
}
