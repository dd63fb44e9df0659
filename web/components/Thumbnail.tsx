import { Box } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { THUMBNAIL, thumbnailPath } from '../../common/constants';
import type { EntityKind } from '../../common/enums';
import classes from './Thumbnail.module.css';

/** Thumbnails live under /images/thumbnails/{media|streams|playlists|clips}/{file} (spec 3). */
export function thumbnailUrl(kind: EntityKind, thumbnail: string | null): string | undefined {
  return thumbnail ? thumbnailPath(kind, thumbnail) : undefined;
}

interface ThumbnailProps {
  kind: EntityKind;
  thumbnail: string | null;
  alt: string;
  /** An image elsewhere (a requested video's, at the video provider) instead of a catalogue thumbnail */
  src?: string;
  /** For the one image above the fold (home's last stream, a detail page's poster): loaded at once, first */
  eager?: boolean;
}

/** 16:9 image at 320x180, lazy-loaded; a neutral placeholder when there is none or it fails to load. */
export function Thumbnail({ kind, thumbnail, alt, src: externalSrc, eager = false }: ThumbnailProps) {
  const src = externalSrc ?? thumbnailUrl(kind, thumbnail);
  const [failed, setFailed] = useState(false);
  return (
    <Box className={classes.frame}>
      {src && !failed ? (
        <img
          className={classes.image}
          src={src}
          alt={alt}
          width={THUMBNAIL.width}
          height={THUMBNAIL.height}
          loading={eager ? 'eager' : 'lazy'}
          // The above-the-fold poster is the page's largest paint: fetch it before other images.
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        // A decorative image (alt "") stays decorative when it is missing: an unnamed role="img" fails axe.
        <div className={classes.placeholder} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
          <IconPhotoOff size={32} stroke={1.4} aria-hidden />
        </div>
      )}
    </Box>
  );
}
