import { useDisclosure } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { Period } from '../../common/enums';
import { clipLists } from '../api/catalogue';
import { ClipCard } from '../components/cards/cards';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { FilterToggle } from '../components/filters/FilterToggle';
import { LazyClipFilter } from '../components/filters/lazy-filters';
import { ItemList } from '../components/list/ItemList';
import { usePageTitle } from '../components/PageTitle';
import { PeriodButtons, type PeriodOption } from '../components/PeriodButtons';

type ClipView = 'latest' | 'week' | 'month' | 'all_time';

/** LATEST is the past six months newest first; the other three are the top clips of their period (spec 2). */
const VIEW_OPTIONS: PeriodOption<ClipView>[] = [
  { label: 'LATEST', value: 'latest' },
  { label: 'PAST WEEK', value: 'week' },
  { label: 'PAST MONTH', value: 'month' },
  { label: 'ALL TIME', value: 'all_time' },
];

function viewQuery(view: ClipView): { period: Period; sort?: 'latest' } {
  return view === 'latest' ? { period: 'six_months', sort: 'latest' } : { period: view };
}

/** /clips: top clips by period (default the past month), with the clip filter (spec 2); LATEST is "Latest Clips". */
export function TopClipsPage() {
  const search = useSearch({ from: '/clips' });
  const navigate = useNavigate({ from: '/clips' });
  const view: ClipView =
    search.sort === 'latest' ? 'latest' : search.period === 'week' || search.period === 'all_time' ? search.period : 'month';
  const { period, sort } = viewQuery(view);
  const tags = search.tags ?? [];
  const [opened, { toggle }] = useDisclosure(false);
  const first = view === 'latest' ? 'Latest' : 'Top';
  usePageTitle(`${first} Clips`);

  return (
    <>
      <EmphasisHeader icon="clip" text={first} emphasis="Clips">
        <FilterToggle opened={opened} onToggle={toggle} applied={tags.length > 0 || !!search.clippedBy} controls="clip-filter" />
      </EmphasisHeader>
      <PeriodButtons
        label="Period"
        options={VIEW_OPTIONS}
        value={view}
        onChange={(next) =>
          navigate({ search: (prev) => ({ ...prev, ...viewQuery(next), sort: viewQuery(next).sort }), resetScroll: false })
        }
      />
      <div id="clip-filter">
        {opened ? (
          <LazyClipFilter
            filter={{ clippedBy: search.clippedBy, tags }}
            onApply={(next) =>
              navigate({
                search: (prev) => ({
                  period: prev.period,
                  sort: prev.sort,
                  clippedBy: next.clippedBy,
                  tags: next.tags.length ? next.tags : undefined,
                }),
              })
            }
          />
        ) : null}
      </div>
      <ItemList
        main
        source={clipLists.top(period, sort ?? 'top', { tags, clippedBy: search.clippedBy })}
        entity="clips"
        failureText="Unable to retrieve clips"
        renderItem={(clip) => <ClipCard clip={clip} />}
      />
    </>
  );
}
