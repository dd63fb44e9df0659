import { type ReactNode, useState } from 'react';
import { EmphasisHeader, type EmphasisIcon } from '../EmphasisHeader';
import { ListEmptyContext } from '../list/empty-context';
import classes from './detail.module.css';

interface DetailSectionProps {
  icon: EmphasisIcon;
  text: string;
  emphasis?: string;
  children: ReactNode;
}

/**
 * A titled section under a detail page's facts ("Part of Playlists", "Top Songs", ...). When its list
 * turns out empty (a stream without playlists or clips), the section shrinks to one row: its heading
 * with the spec's "No {entity} found" beside it, not a heading over a large blank block.
 */
export function DetailSection({ icon, text, emphasis, children }: DetailSectionProps) {
  const [empty, setEmpty] = useState(false);
  const header = <EmphasisHeader icon={icon} text={text} emphasis={emphasis} order={2} mb={empty ? 0 : 'md'} />;
  return (
    <section aria-label={emphasis ? `${text} ${emphasis}` : text} data-empty={empty || undefined}>
      <ListEmptyContext value={setEmpty}>
        {/* One tree either way: swapping wrappers would remount the list and start it over. */}
        <div className={empty ? classes.emptySection : undefined}>
          {header}
          {children}
        </div>
      </ListEmptyContext>
    </section>
  );
}
