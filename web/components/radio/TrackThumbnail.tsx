import { thumbnailUrl } from '../Thumbnail';
import classes from './TrackThumbnail.module.css';

/** A track's small 64x36 thumbnail in the radio's lists (Previously Played, the mini-player); nothing when it has none. */
export function TrackThumbnail({ thumbnail, lazy = false }: { thumbnail: string | null; lazy?: boolean }) {
  const url = thumbnailUrl('media', thumbnail);
  return url ? <img className={classes.thumbnail} src={url} alt="" width={64} height={36} loading={lazy ? 'lazy' : undefined} /> : null;
}
