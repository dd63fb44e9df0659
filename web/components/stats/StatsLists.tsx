import { Anchor, Paper, SimpleGrid, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { TopLiked, TopRadio } from '../../../common/stats';
import type { LikedKind } from '../../../common/stats-paths';
import { topLikedQuery, topRadioQuery, topRequestedQuery, topRequestersQuery } from '../../api/stats';
import { counted } from '../../lib/stats';
import { ExternalName, type RankedEntry, RankedList } from './RankedList';

/** The top-10 lists of the /stats page, each from GET /api/stats/top. */

const LIKED: { kind: LikedKind; heading: string }[] = [
  { kind: 'media', heading: 'Songs' },
  { kind: 'stream', heading: 'Streams' },
  { kind: 'clip', heading: 'Clips' },
];

const STATION_NAMES: Record<TopRadio['stations'][number]['station'], string> = { top: 'Top', everything: 'Everything' };

type LikedItem = TopLiked['items'][number];

/** A liked item's name, linking to its page. */
function LikedName({ kind, item }: { kind: LikedKind; item: LikedItem }) {
  const to = kind === 'media' ? '/media/$id' : kind === 'stream' ? '/streams/$id' : '/clips/$id';
  return <Anchor renderRoot={(props) => <Link {...props} to={to} params={{ id: item.id }} />}>{item.name}</Anchor>;
}

const SongName = ({ id, name }: { id: number; name: string }) => (
  <Anchor renderRoot={(props) => <Link {...props} to="/media/$id" params={{ id }} />}>{name}</Anchor>
);

function LikedList({ kind, heading }: { kind: LikedKind; heading: string }) {
  const query = useQuery(topLikedQuery(kind));
  const entries = query.data?.items.map(
    (item): RankedEntry => ({ key: item.id, label: <LikedName kind={kind} item={item} />, figure: counted(item.likes, 'like') }),
  );
  return <RankedList heading={heading} order={3} entries={entries} loading={query.isPending} failed={query.isError} empty="No likes yet" />;
}

/** A bordered section of lists under one heading, a region named by it. */
function ListsSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md">
      <Title order={2} id={id} fz={{ base: 17, sm: 19 }} mb="sm">
        {heading}
      </Title>
      {children}
    </Paper>
  );
}

export function LikedLists() {
  return (
    <ListsSection id="stats-most-liked" heading="Most liked">
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {LIKED.map(({ kind, heading }) => (
          <LikedList key={kind} kind={kind} heading={heading} />
        ))}
      </SimpleGrid>
    </ListsSection>
  );
}

/** The most requested videos (to the song a request became, else to the video) and the top requesters (to their history). */
export function RequestLists() {
  const requested = useQuery(topRequestedQuery());
  const requesters = useQuery(topRequestersQuery());
  const videos = requested.data?.items.map(
    (item): RankedEntry => ({
      key: item.videoId,
      label:
        item.mediaId === null ? (
          <ExternalName href={`https://www.youtube.com/watch?v=${encodeURIComponent(item.videoId)}`}>{item.title}</ExternalName>
        ) : (
          <SongName id={item.mediaId} name={item.title} />
        ),
      figure: counted(item.requests, 'request'),
    }),
  );
  const people = requesters.data?.items.map(
    (item): RankedEntry => ({
      key: item.username,
      label: (
        <Anchor renderRoot={(props) => <Link {...props} to="/requests/history" search={{ from: item.username }} />}>{item.username}</Anchor>
      ),
      figure: counted(item.requests, 'request'),
    }),
  );
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RankedList
          heading="Most requested videos"
          order={2}
          note="By requests played"
          entries={videos}
          loading={requested.isPending}
          failed={requested.isError}
          empty="No requests played yet"
        />
        <RankedList
          heading="Top requesters"
          order={2}
          note="By requests played, logged-in requesters only"
          entries={people}
          loading={requesters.isPending}
          failed={requesters.isError}
          empty="No requests played yet"
        />
      </SimpleGrid>
    </Paper>
  );
}

/** What each radio station played most in the last 30 days. */
export function RadioLists() {
  const radio = useQuery(topRadioQuery());
  const stations = radio.data?.stations ?? [
    { station: 'top' as const, items: [] },
    { station: 'everything' as const, items: [] },
  ];
  return (
    <ListsSection id="stats-radio" heading="Radio’s most played">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {stations.map(({ station, items }) => (
          <RankedList
            key={station}
            heading={STATION_NAMES[station]}
            order={3}
            note="Last 30 days"
            entries={
              radio.data
                ? items.map((item) => ({
                    key: item.id,
                    label: <SongName id={item.id} name={item.name} />,
                    figure: counted(item.plays, 'play'),
                  }))
                : undefined
            }
            loading={radio.isPending}
            failed={radio.isError}
            empty="Nothing played yet"
          />
        ))}
      </SimpleGrid>
    </ListsSection>
  );
}
