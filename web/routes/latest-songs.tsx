import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { MEDIA_PROVIDERS } from '../../common/enums';
import { mediaLists } from '../api/catalogue';
import { MediaCard } from '../components/cards/cards';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { CatalogueFilterPanel, FILTER_PANEL_ID } from '../components/filters/CatalogueFilterPanel';
import { FilterToggle } from '../components/filters/FilterToggle';
import { ItemList } from '../components/list/ItemList';
import { isFilterActive, toCatalogueFilter, toFilterSearch } from '../lib/filters';

/** /latest: newest songs, filterable; the provider filter starts at youtube only (spec 2). */
export function LatestSongsPage() {
  const search = useSearch({ from: '/latest' });
  const navigate = useNavigate({ from: '/latest' });
  const filter = toCatalogueFilter(search);
  const [opened, { toggle }] = useDisclosure(false);

  return (
    <>
      <EmphasisHeader icon="latest" text="Latest" emphasis="Songs">
        <FilterToggle opened={opened} onToggle={toggle} applied={isFilterActive(filter)} controls={FILTER_PANEL_ID} />
      </EmphasisHeader>
      <CatalogueFilterPanel
        opened={opened}
        filter={filter}
        providers={MEDIA_PROVIDERS}
        // providers is always written (possibly empty) so clearing it does not bring the youtube default back
        onApply={(next) => navigate({ search: { ...toFilterSearch(next), providers: next.providers } })}
      />
      <ItemList
        main
        source={mediaLists.latest(filter)}
        failureText="Unable to retrieve latest songs"
        renderItem={(media) => <MediaCard media={media} />}
      />
    </>
  );
}
