import type { Provider } from '../../../common/enums';
import type { CatalogueFilter } from '../../lib/filters';
import { LazyFilterBar } from './lazy-filters';

export const FILTER_PANEL_ID = 'filter-panel';

interface CatalogueFilterPanelProps {
  opened: boolean;
  filter: CatalogueFilter;
  providers: readonly Provider[];
  onApply: (filter: CatalogueFilter) => void;
}

/** The filter bar under a list header, mounted only while open (its code and tag list load on first open). */
export function CatalogueFilterPanel({ opened, ...props }: CatalogueFilterPanelProps) {
  return <div id={FILTER_PANEL_ID}>{opened ? <LazyFilterBar {...props} /> : null}</div>;
}
