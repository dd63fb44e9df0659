import type { ReactNode } from 'react';
import { EmphasisHeader, type EmphasisIcon } from '../EmphasisHeader';

interface DetailSectionProps {
  icon: EmphasisIcon;
  text: string;
  emphasis?: string;
  children: ReactNode;
}

/** A titled section under a detail page's facts ("Part of Playlists", "Top Songs", ...). */
export function DetailSection({ icon, text, emphasis, children }: DetailSectionProps) {
  return (
    <section aria-label={emphasis ? `${text} ${emphasis}` : text}>
      <EmphasisHeader icon={icon} text={text} emphasis={emphasis} order={2} />
      {children}
    </section>
  );
}
