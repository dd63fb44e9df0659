import { Anchor, Group, Skeleton, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import list from '../plainList.module.css';
import classes from './RankedList.module.css';

export interface RankedEntry {
  key: string | number;
  /** The entry's name, usually a link to it */
  label: ReactNode;
  /** Its figure: "12 likes" */
  figure: string;
}

interface RankedListProps {
  heading: string;
  order: TitleOrder;
  entries: RankedEntry[] | undefined;
  loading: boolean;
  failed: boolean;
  /** What to say when the list is empty */
  empty: string;
  /** A line under the heading ("Last 30 days") */
  note?: string;
}

/** The loading rows' keys: as many as a list's entries */
const PLACEHOLDER_ROWS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10'];
/** A row's height: one line of text and its padding (a skeleton row keeps it, no layout shift) */
const ROW_HEIGHT = 32;

/** A top-10 list: an ordered list of named entries with their figure, numbered from 1; a region named by its heading. */
export function RankedList({ heading, order, entries, loading, failed, empty, note }: RankedListProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap={6}>
      <div>
        <Title order={order} id={headingId} fz={order === 2 ? { base: 17, sm: 19 } : 16}>
          {heading}
        </Title>
        {note ? (
          <Text fz="sm" c="dimmed">
            {note}
          </Text>
        ) : null}
      </div>
      {loading ? (
        <Stack gap={4} aria-hidden>
          {PLACEHOLDER_ROWS.map((row) => (
            <Skeleton key={row} h={ROW_HEIGHT - 4} radius="sm" />
          ))}
        </Stack>
      ) : null}
      {failed ? (
        <Text c="var(--mantine-color-error)" role="alert">
          An error occurred when loading stats
        </Text>
      ) : null}
      {entries && entries.length === 0 ? <Text c="dimmed">{empty}</Text> : null}
      {entries && entries.length > 0 ? (
        <ol className={list.plainList}>
          {entries.map((entry, i) => (
            <li key={entry.key} className={classes.row}>
              <Group gap="sm" wrap="nowrap" align="baseline">
                <Text span fw={700} c="dimmed" className={classes.rank} aria-hidden>
                  {i + 1}
                </Text>
                <Text span className={classes.label}>
                  {entry.label}
                </Text>
                <Text span fz="sm" c="dimmed" className={classes.figure}>
                  {entry.figure}
                </Text>
              </Group>
            </li>
          ))}
        </ol>
      ) : null}
    </Stack>
  );
}

/** A ranked entry's name linking out of the site (a requested video at YouTube). */
export function ExternalName({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
    </Anchor>
  );
}
