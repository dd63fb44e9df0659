import { Badge, Group, Skeleton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useStats } from '../../api/site';
import { EmphasisHeader } from '../EmphasisHeader';
import list from '../plainList.module.css';

const TOP_TAG_COUNT = 12;

/** The most used tags (stats tagStats, by song count), each a search for that tag. */
export function TopTags() {
  const stats = useStats();
  const tags = stats.data?.tagStats.slice(0, TOP_TAG_COUNT) ?? [];
  return (
    <section aria-label="Top tags">
      <EmphasisHeader icon="tag" text="Top" emphasis="Tags" order={2} />
      {stats.isPending ? <Skeleton h={70} radius="md" /> : null}
      <Group component="ul" gap={8} className={list.plainList}>
        {tags.map((tag) => (
          <li key={tag.id}>
            <Badge
              renderRoot={(props) => <Link {...props} to="/search" search={{ tags: [tag.id] }} />}
              size="lg"
              variant="light"
              radius="sm"
              tt="none"
              style={{ cursor: 'pointer' }}
              rightSection={<span style={{ fontWeight: 400 }}>{tag.count}</span>}
            >
              {tag.name}
            </Badge>
          </li>
        ))}
      </Group>
    </section>
  );
}
