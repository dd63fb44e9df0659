import { Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EntityKind } from '../../../common/enums';
import { detailsErrorText, KIND_NOUNS } from '../../lib/detail';
import { EmphasisHeader } from '../EmphasisHeader';
import { KIND_TITLES } from './paths';

interface DetailStatusProps<T> {
  kind: EntityKind;
  query: UseQueryResult<T>;
  children: (item: T) => ReactNode;
}

/**
 * Spec 4 "Detail page": a spinner while loading, then the item, or the inline error line (the
 * failure toast comes from the query). A new id is a new query, so the page reloads with it.
 */
export function DetailStatus<T>({ kind, query, children }: DetailStatusProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    const { icon, title } = KIND_TITLES[kind];
    return (
      <>
        <EmphasisHeader icon={icon} text={title} />
        <Text c="red" role="alert" py="xl" ta="center" data-testid="detail-error">
          {detailsErrorText(kind)}
        </Text>
      </>
    );
  }
  return (
    <Center py={80}>
      <Loader aria-label={`Loading ${KIND_NOUNS[kind]} details`} />
    </Center>
  );
}
