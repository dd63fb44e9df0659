import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { STREAM_PROVIDERS } from '../../common/enums';
import { streamLists } from '../api/catalogue';
import { StreamCard } from '../components/cards/cards';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { CatalogueFilterPanel, FILTER_PANEL_ID } from '../components/filters/CatalogueFilterPanel';
import { FilterToggle } from '../components/filters/FilterToggle';
import { ItemList } from '../components/list/ItemList';
import { isFilterActive, toCatalogueFilter, toFilterSearch } from '../lib/filters';

/** /streams: past streams, newest first, filterable (spec 2). */
export function LatestStreamsPage() {
  const search = useSearch({ from: '/streams' });
  const navigate = useNavigate({ from: '/streams' });
  const filter = toCatalogueFilter(search);
  const [opened, { toggle }] = useDisclosure(false);

  return (
    <>
      <EmphasisHeader icon="stream" text="Latest" emphasis="Streams">
        <FilterToggle opened={opened} onToggle={toggle} applied={isFilterActive(filter)} controls={FILTER_PANEL_ID} />
      </EmphasisHeader>
      <CatalogueFilterPanel
        opened={opened}
        filter={filter}
        providers={STREAM_PROVIDERS}
        onApply={(next) => navigate({ search: toFilterSearch(next) })}
      />
      <ItemList
        main
        source={streamLists.latest(filter)}
        entity="streams"
        failureText="Unable to retrieve latest streams"
        renderItem={(stream) => <StreamCard stream={stream} />}
      />
    </>
  );
}
