import type { CatalogueFilter } from '../../lib/filters';
import { SEARCH_TYPE_INFO, type SearchState } from '../../lib/search';
import { CatalogueFilterPanel, FILTER_PANEL_ID } from '../filters/CatalogueFilterPanel';
import type { ClipFilterValue } from '../filters/ClipFilter';
import { LazyClipFilter } from '../filters/lazy-filters';

interface SearchFilterPanelProps {
  opened: boolean;
  state: SearchState;
  onApplyFilter: (filter: CatalogueFilter) => void;
  onApplyClipFilter: (filter: ClipFilterValue) => void;
}

/**
 * The filter panel of the current tab: providers, channels and tags for songs, streams and playlists
 * (with the kind's providers), the clip filter (clipped by, tags) for clips.
 */
export function SearchFilterPanel({ opened, state, onApplyFilter, onApplyClipFilter }: SearchFilterPanelProps) {
  if (state.type === 'clip') {
    return (
      <div id={FILTER_PANEL_ID}>
        {opened ? <LazyClipFilter filter={{ clippedBy: state.clippedBy, tags: state.filter.tags }} onApply={onApplyClipFilter} /> : null}
      </div>
    );
  }
  return (
    <CatalogueFilterPanel
      // A new kind offers other providers: start its bar afresh.
      key={state.type}
      opened={opened}
      filter={state.filter}
      providers={SEARCH_TYPE_INFO[state.type].providers}
      onApply={onApplyFilter}
    />
  );
}
