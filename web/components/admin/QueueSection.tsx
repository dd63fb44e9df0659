import { Button, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListSource } from '../../api/list-source';
import { EmphasisHeader, type EmphasisIcon } from '../EmphasisHeader';
import { useListPages } from '../list/useListPages';
import plain from '../plainList.module.css';

const PAGE_SIZE = 10;

interface QueueSectionProps<T extends { id: number }> {
  icon: EmphasisIcon;
  text: string;
  emphasis: string;
  source: ListSource<T>;
  /** Spec 8 read failure, toasted on each failed load */
  failureText: string;
  /** "No pending media edit requests" */
  emptyText: string;
  /** What the inline error names: "An error occurred when loading {entity}" */
  entity: string;
  renderItem: (item: T) => ReactNode;
}

/** One queue of the Admin Console: its pending requests, oldest first, with Load More. */
export function QueueSection<T extends { id: number }>({
  icon,
  text,
  emphasis,
  source,
  failureText,
  emptyText,
  entity,
  renderItem,
}: QueueSectionProps<T>) {
  const list = useListPages(source, PAGE_SIZE, failureText);
  const label = `${text} ${emphasis}`;
  return (
    <section aria-label={label}>
      <EmphasisHeader order={2} icon={icon} text={text} emphasis={emphasis} />
      <Stack gap="md" aria-busy={list.loading}>
        {list.items.length > 0 ? (
          <Stack component="ul" gap="md" className={plain.plainList}>
            {list.items.map((item) => (
              <li key={item.id}>{renderItem(item)}</li>
            ))}
          </Stack>
        ) : null}
        {list.loading ? (
          <Center py="sm">
            <Loader size="sm" aria-label={`Loading ${label.toLowerCase()}`} />
          </Center>
        ) : null}
        {list.failed ? (
          <Text c="red" role="alert">
            An error occurred when loading {entity}
          </Text>
        ) : null}
        {list.empty ? (
          <Paper withBorder radius="md" p="lg">
            <Text c="dimmed" ta="center">
              {emptyText}
            </Text>
          </Paper>
        ) : null}
        {list.canLoadMore ? (
          <Center>
            <Button variant="light" onClick={list.loadMore}>
              Load More
            </Button>
          </Center>
        ) : null}
      </Stack>
    </section>
  );
}
