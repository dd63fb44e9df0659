import { SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { itemQuery } from '../../api/items';
import { detailsErrorText } from '../../lib/detail';
import { StreamCard } from '../cards/cards';
import list from '../plainList.module.css';
import { DetailSection } from './DetailSection';

/** The same columns as the lists, so the one card is as wide as theirs. */
const COLS = { base: 1, xs: 2, md: 3, lg: 4 } as const;

/** "Part of Stream": the card of the stream a song or clip was played in (GET /api/streams/{id}). */
export function PartOfStream({ streamId }: { streamId: number }) {
  const stream = useQuery(itemQuery('streams', streamId));
  return (
    <DetailSection icon="stream" text="Part of" emphasis="Stream">
      {stream.isError ? (
        <Text c="red" role="alert">
          {detailsErrorText('streams')}
        </Text>
      ) : (
        <SimpleGrid component="ul" cols={COLS} spacing="md" className={list.plainList}>
          <li>
            {stream.data ? (
              <StreamCard stream={stream.data} />
            ) : (
              <Stack gap={8} aria-hidden>
                <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" />
                <Skeleton h={16} w="85%" />
                <Skeleton h={12} w="55%" />
              </Stack>
            )}
          </li>
        </SimpleGrid>
      )}
    </DetailSection>
  );
}
