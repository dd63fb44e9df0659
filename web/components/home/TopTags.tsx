import { Group, Skeleton } from '@mantine/core';
import { useStats } from '../../api/site';
import { EmphasisHeader } from '../EmphasisHeader';
import list from '../plainList.module.css';
import { TagBadge } from '../TagBadge';

const TOP_TAG_COUNT = 12;
/** Widths of the loading badges: about the size of real tag names, so the section keeps its height when they arrive. */
const PLACEHOLDER_WIDTHS = [92, 120, 78, 104, 136, 86, 112, 96, 128, 80, 108, 100];

/** The most used tags (stats tagStats, by song count), each a search for that tag. */
export function TopTags() {
  const stats = useStats();
  const tags = stats.data?.tagStats.slice(0, TOP_TAG_COUNT) ?? [];
  return (
    <section aria-label="Top tags">
      <EmphasisHeader icon="tag" text="Top" emphasis="Tags" order={2} />
      <Group component="ul" gap={8} className={list.plainList}>
        {stats.isPending
          ? PLACEHOLDER_WIDTHS.map((width) => (
              <li key={width} aria-hidden>
                <Skeleton h={26} w={width} radius="sm" />
              </li>
            ))
          : null}
        {tags.map((tag) => (
          <li key={tag.id}>
            <TagBadge tag={tag} count={tag.count} />
          </li>
        ))}
      </Group>
    </section>
  );
}
