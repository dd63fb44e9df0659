import { Text } from '@mantine/core';
import { useConfig } from '../api/config';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { LinkTiles } from '../components/LinkTiles';

/** /socials: the streamer's social networks, from the public config. */
export function SocialsPage() {
  const { socials, streamerName } = useConfig();
  return (
    <>
      <EmphasisHeader icon="heart" text="Socials" />
      <Text c="dimmed" mb="md">
        Follow {streamerName} around the web.
      </Text>
      <LinkTiles links={socials} />
    </>
  );
}
