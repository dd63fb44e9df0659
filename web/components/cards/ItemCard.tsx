import { Badge, Card, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext } from 'react';
import type { EntityKind } from '../../../common/enums';
import { DETAIL_PATHS } from '../../lib/detail';
import { Thumbnail } from '../Thumbnail';
import classes from './ItemCard.module.css';

/**
 * The heading level of card titles: h3 under a section's h2 (home, detail pages), h2 where a list sits
 * right under the page's h1 (ItemList's `main`), so headings never skip a level.
 */
export const CardHeadingContext = createContext<'h2' | 'h3'>('h3');
/** True for the cards a visitor sees first on a list page: their thumbnails are not lazy. */
export const CardEagerContext = createContext(false);

interface ItemCardProps {
  /** Picks the thumbnail's fallback and the page the title links to */
  kind: EntityKind;
  item: { id: number; name: string; thumbnail: string | null };
  /** Shown over the thumbnail's corner: a duration or an item count */
  corner?: string;
  /** Small lines under the title, each a list of parts shown with " · " between them */
  meta: ReactNode[][];
}

/**
 * The shared card: thumbnail, title and meta lines. The title is the card's one link, stretched
 * over the whole card so it is clickable anywhere yet read once by screen readers.
 */
export function ItemCard({ kind, item, corner, meta }: ItemCardProps) {
  const heading = useContext(CardHeadingContext);
  const eager = useContext(CardEagerContext);
  return (
    <Card className={classes.card} h="100%" data-testid="item-card">
      <Card.Section className={classes.media}>
        <Thumbnail kind={kind} thumbnail={item.thumbnail} alt="" eager={eager} />
        {corner ? (
          <Badge className={classes.corner} variant="filled" color="dark" radius="sm" size="sm">
            {corner}
          </Badge>
        ) : null}
      </Card.Section>
      <Text component={heading} fw={600} fz="md" lh={1.3} mt="sm" lineClamp={2}>
        <Link to={DETAIL_PATHS[kind].page} params={{ id: item.id }} className={classes.link}>
          {item.name}
        </Link>
      </Text>
      {/* At the card's foot, so the meta lines of a row line up whatever the title's length. */}
      <Stack gap={2} pt={6} mt="auto">
        {meta.map((parts, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed per card type
          <MetaLine key={index} parts={parts} />
        ))}
      </Stack>
    </Card>
  );
}

/**
 * One meta line, one row high: every part starts with its " · ", and the line is shifted left by one
 * separator's width inside a clipping box, so the first part's separator falls outside. The last
 * part ends in an ellipsis when the row is too narrow (its full text is its title).
 */
function MetaLine({ parts }: { parts: ReactNode[] }) {
  const last = parts.length - 1;
  const lastTitle = typeof parts[last] === 'string' ? parts[last] : undefined;
  return (
    <Text component="div" fz="sm" c="dimmed" className={classes.metaLine} data-testid="card-meta">
      <div className={classes.metaParts}>
        {parts.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts are fixed per card type
          <span key={index} className={classes.metaPart} data-part title={index === last ? lastTitle : undefined}>
            {/* The spaces keep the line's text readable ("3 days ago · YouTube"); the fixed width sets the look. */}
            <span className={classes.separator} aria-hidden data-separator>
              {' · '}
            </span>
            <span>{part}</span>
          </span>
        ))}
      </div>
    </Text>
  );
}
