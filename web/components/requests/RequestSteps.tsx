import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The request pages' two steps (verify, then pay): one above the other on phones and tablets, side
 * by side from 992 px, where one narrow column left half of a wide screen blank.
 */
export function RequestSteps({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg" data-testid="request-steps">
      {children}
    </SimpleGrid>
  );
}
