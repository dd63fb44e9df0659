import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { MEDIA_PROVIDERS, type Period } from '../../common/enums';
import { mediaLists } from '../api/catalogue';
import { MediaCard } from '../components/cards/cards';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { CatalogueFilterPanel, FILTER_PANEL_ID } from '../components/filters/CatalogueFilterPanel';
import { FilterToggle } from '../components/filters/FilterToggle';
import { ItemList } from '../components/list/ItemList';
import { PeriodButtons, type PeriodOption } from '../components/PeriodButtons';
import { isFilterActive, toCatalogueFilter, toFilterSearch } from '../lib/filters';

const PERIOD_OPTIONS: PeriodOption<Period>[] = [
  { label: 'PAST WEEK', value: 'week' },
  { label: 'PAST MONTH', value: 'month' },
  { label: 'PAST 6 MONTHS', value: 'six_months' },
  { label: 'PAST YEAR', value: 'year' },
  { label: 'ALL TIME', value: 'all_time' },
];

/** /top: most played songs of a period (default the past month), filterable (spec 2). */
export function TopSongsPage() {
  const search = useSearch({ from: '/top' });
  const navigate = useNavigate({ from: '/top' });
  const period = search.period ?? 'month';
  const filter = toCatalogueFilter(search);
  const [opened, { toggle }] = useDisclosure(false);

  return (
    <>
      <EmphasisHeader icon="top" text="Top" emphasis="Songs">
        <FilterToggle opened={opened} onToggle={toggle} applied={isFilterActive(filter)} controls={FILTER_PANEL_ID} />
      </EmphasisHeader>
      <PeriodButtons
        label="Period"
        options={PERIOD_OPTIONS}
        value={period}
        onChange={(next) => navigate({ search: (prev) => ({ ...prev, period: next }), resetScroll: false })}
      />
      <CatalogueFilterPanel
        opened={opened}
        filter={filter}
        providers={MEDIA_PROVIDERS}
        onApply={(next) => navigate({ search: (prev) => ({ period: prev.period, ...toFilterSearch(next) }) })}
      />
      <ItemList
        main
        source={mediaLists.top(period, filter)}
        failureText="Unable to retrieve top songs"
        renderItem={(media) => <MediaCard media={media} />}
      />
    </>
  );
}
