import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EntityKind } from '../../../common/enums';
import type { EmbedTarget } from '../../lib/embed';
import { EmbedFacade } from '../EmbedFacade';
import { Thumbnail } from '../Thumbnail';
import classes from './detail.module.css';

interface DetailPlayerProps {
  kind: EntityKind;
  name: string;
  thumbnail: string | null;
  /** The provider player; without one the thumbnail stands alone */
  target?: EmbedTarget;
  /** Over the still's corner, e.g. a playlist's song count */
  badge?: ReactNode;
}

/** The item's player behind its thumbnail (EmbedFacade: nothing loads before a click), or just the thumbnail. */
export function DetailPlayer({ kind, name, thumbnail, target, badge }: DetailPlayerProps) {
  const poster = <Thumbnail kind={kind} thumbnail={thumbnail} alt={target ? '' : name} eager />;
  if (target) return <EmbedFacade target={target} title={name} poster={poster} />;
  return (
    <div className={classes.poster}>
      {poster}
      {badge ? (
        <Badge className={classes.posterBadge} variant="filled" color="dark" size="lg" radius="sm">
          {badge}
        </Badge>
      ) : null}
    </div>
  );
}
