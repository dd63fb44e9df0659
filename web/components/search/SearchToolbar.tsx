import { Group, Switch } from '@mantine/core';
import type { Period, SearchType, Sort } from '../../../common/enums';
import { PERIOD_OPTIONS, sortOptions } from '../../lib/search';
import { FILTER_PANEL_ID } from '../filters/CatalogueFilterPanel';
import { FilterToggle } from '../filters/FilterToggle';
import { LazySelect } from '../later/LazySelect';
import classes from './SearchToolbar.module.css';

interface SearchToolbarProps {
  type: SearchType;
  sort: Sort;
  period: Period | undefined;
  lyrics: boolean;
  filterOpened: boolean;
  filterApplied: boolean;
  onSort: (sort: Sort) => void;
  onPeriod: (period: Period | 'any') => void;
  onLyrics: (lyrics: boolean) => void;
  onToggleFilter: () => void;
}

const comboboxProps = { shadow: 'md', transitionProps: { duration: 0 } } as const;

/** Sort and period selectors, the songs' lyric-search toggle, and the filter button (spec 2 "Search"). */
export function SearchToolbar({
  type,
  sort,
  period,
  lyrics,
  filterOpened,
  filterApplied,
  onSort,
  onPeriod,
  onLyrics,
  onToggleFilter,
}: SearchToolbarProps) {
  return (
    <Group className={classes.toolbar} justify="space-between" align="flex-end" gap="sm" mb="md">
      <Group gap="sm" align="flex-end" className={classes.selects}>
        <LazySelect
          className={classes.select}
          label="Sort by"
          size="sm"
          data={sortOptions(type)}
          value={sort}
          onChange={(next) => next && onSort(next as Sort)}
          allowDeselect={false}
          comboboxProps={comboboxProps}
        />
        <LazySelect
          className={classes.select}
          label="Period"
          size="sm"
          data={PERIOD_OPTIONS}
          value={period ?? 'any'}
          onChange={(next) => next && onPeriod(next as Period | 'any')}
          allowDeselect={false}
          comboboxProps={comboboxProps}
        />
      </Group>
      <Group gap="md" align="center" wrap="nowrap" className={classes.actions}>
        {type === 'media' ? (
          <Switch label="Search lyrics" checked={lyrics} onChange={(event) => onLyrics(event.currentTarget.checked)} />
        ) : null}
        <FilterToggle opened={filterOpened} onToggle={onToggleFilter} applied={filterApplied} controls={FILTER_PANEL_ID} />
      </Group>
    </Group>
  );
}
