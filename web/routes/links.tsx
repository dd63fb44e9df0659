import { useConfig } from '../api/config';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { LinkTiles } from '../components/LinkTiles';

/** /links: the streamer's channels and communities, from the public config (spec 2). */
export function LinksPage() {
  const { links } = useConfig();
  return (
    <>
      <EmphasisHeader icon="links" text="Links" />
      <LinkTiles links={links} />
    </>
  );
}
