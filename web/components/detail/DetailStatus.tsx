import { Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EntityKind } from '../../../common/enums';
import { unconfirmed } from '../../api/page-answers';
import { KIND_NOUNS } from '../../lib/detail';
import { EmphasisHeader, type EmphasisIcon } from '../EmphasisHeader';
import { KIND_TITLES } from './kind-titles';

interface LoadStatusProps<T> {
  /** "{noun} details" in the spinner's label and the error line: song, stream, playlist, clip, request */
  noun: string;
  /** The header shown above the error line */
  header: { icon: EmphasisIcon; text: string; emphasis?: string };
  query: UseQueryResult<T>;
  children: (item: T) => ReactNode;
}

/**
 * Spec 4 "Detail page": a spinner while loading, then the item, or the inline error line
 * "An error occurred when loading {noun} details" (the failure toast comes from the query). A new id
 * is a new query, so the page reloads with it.
 */
export function LoadStatus<T>({ noun, header, query, children }: LoadStatusProps<T>) {
  // Data from the page's HTML that the API then failed to confirm is not shown (api/page-answers.ts).
  if (query.data !== undefined && !unconfirmed(query)) return children(query.data);
  if (query.isError) {
    return (
      <>
        <EmphasisHeader icon={header.icon} text={header.text} emphasis={header.emphasis} />
        <Text c="red" role="alert" py="xl" ta="center" data-testid="detail-error">
          {`An error occurred when loading ${noun} details`}
        </Text>
      </>
    );
  }
  return (
    <Center py={80}>
      <Loader aria-label={`Loading ${noun} details`} />
    </Center>
  );
}

/** LoadStatus of a catalogue item's page. */
export function DetailStatus<T>({
  kind,
  query,
  children,
}: {
  kind: EntityKind;
  query: UseQueryResult<T>;
  children: (item: T) => ReactNode;
}) {
  const { icon, title } = KIND_TITLES[kind];
  return (
    <LoadStatus noun={KIND_NOUNS[kind]} header={{ icon, text: title }} query={query}>
      {children}
    </LoadStatus>
  );
}
