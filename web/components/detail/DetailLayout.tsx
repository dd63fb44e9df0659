import { Divider, Grid, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { EmphasisHeader, type EmphasisIcon } from '../EmphasisHeader';
import classes from './detail.module.css';
import { type Fact, FactList } from './FactList';

interface DetailLayoutProps {
  icon: EmphasisIcon;
  /** The item's name: the page's h1 */
  name: string;
  /** Beside the heading, e.g. a "Song of the Day" badge */
  badge?: ReactNode;
  /** Above the player, e.g. the stream page's notice */
  notice?: ReactNode;
  /** The embedded player (EmbedFacade) or a still image */
  player: ReactNode;
  facts: Fact[];
  /** External links under the facts, one per row ("Watch on YouTube", "Watch Stream at ...") */
  links: ReactNode;
  /** The other buttons, in a grid under the links (Like, View Details, Edit, ...) */
  actions: ReactNode;
  /** The sections below (DetailSection) */
  children?: ReactNode;
}

/**
 * One layout for the four detail screens: the name as heading, then the player beside a panel of
 * facts and actions (stacked under 992 px), then the item's sections.
 */
export function DetailLayout({ icon, name, badge, notice, player, facts, links, actions, children }: DetailLayoutProps) {
  return (
    <Stack gap={48}>
      <div>
        <EmphasisHeader icon={icon} text={name}>
          {badge}
        </EmphasisHeader>
        {notice}
        <Grid gap={{ base: 'md', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>{player}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} className={classes.panel} component="section" aria-label="About">
              <FactList facts={facts} />
              <div>
                <Divider className={classes.divider} />
                <Stack gap="xs" data-testid="detail-actions">
                  {links}
                  <div className={classes.buttons}>{actions}</div>
                </Stack>
              </div>
            </Paper>
          </Grid.Col>
        </Grid>
      </div>
      {children}
    </Stack>
  );
}
