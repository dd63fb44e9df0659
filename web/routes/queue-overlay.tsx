import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { QueueItem } from '../../common/queue';
import { overlayQueueQuery, useOverlaySocket } from '../api/queue';
import classes from './queue-overlay.module.css';

/**
 * /overlays/queue?key=… (issue 11): an OBS browser source over the stream. No shell, a transparent
 * page, what is playing and the next three with who asked, live through the overlay socket (same key).
 * A wrong or missing key shows only a short error.
 */
export function QueueOverlayPage() {
  const { key = '' } = useSearch({ from: '/overlays/queue' });
  const overlay = useQuery({ ...overlayQueueQuery(key), enabled: key !== '' });
  useOverlaySocket(key, overlay.isSuccess);
  useTransparentPage();

  if (key === '' || overlay.isError) {
    return (
      <p className={classes.error} role="alert">
        {key === '' ? 'Overlay key missing' : 'Overlay unavailable: check the key in the URL'}
      </p>
    );
  }
  if (!overlay.data) return null;
  const { playing, next } = overlay.data;
  return (
    <main className={classes.overlay} aria-label="Request queue overlay">
      <span className={classes.label}>Now Playing</span>
      {playing ? <OverlayItem item={playing} big /> : <span className={classes.requester}>No request currently playing</span>}
      {next.length > 0 ? (
        <>
          <span className={classes.label}>Up Next</span>
          <ol className={classes.next}>
            {next.map((item) => (
              <li key={item.id}>
                <OverlayItem item={item} />
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </main>
  );
}

function OverlayItem({ item, big = false }: { item: QueueItem; big?: boolean }) {
  return (
    <div data-testid="overlay-item">
      <div className={big ? classes.playing : undefined}>{item.title}</div>
      <div className={classes.requester}>Requested by: {item.username}</div>
    </div>
  );
}

/** OBS composites the page over the stream: the page's own background must let it through. */
function useTransparentPage() {
  useEffect(() => {
    const targets = [document.documentElement, document.body];
    for (const element of targets) element.style.setProperty('background', 'transparent', 'important');
    return () => {
      for (const element of targets) element.style.removeProperty('background');
    };
  }, []);
}
