import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { tagsTimelineQuery } from '../../api/stats';
import { rankedTagsByPeriod } from '../../lib/stats';
import list from '../plainList.module.css';
import { TagBadge } from '../TagBadge';

/**
 * The ten most used tags over time, as a ranked list per year (newest year first): each year's tags
 * most used first, with how many of that year's songs carry them; a tag searches for its songs.
 */
export function TagsByYear() {
  const timeline = useQuery(tagsTimelineQuery('year'));
  const years = timeline.data ? rankedTagsByPeriod(timeline.data) : [];
  return (
    <Paper component="section" aria-labelledby="stats-top-tags" withBorder radius="md" p="md">
      <Title order={2} id="stats-top-tags" fz={{ base: 17, sm: 19 }}>
        Top tags by year
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        The ten most used tags, with how many songs of each year carry them
      </Text>
      {timeline.isPending ? <Skeleton h={160} radius="sm" aria-hidden /> : null}
      {timeline.isError ? (
        <Text c="var(--mantine-color-error)" role="alert">
          An error occurred when loading stats
        </Text>
      ) : null}
      {timeline.data && years.length === 0 ? <Text c="dimmed">No tagged songs yet</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {years.map((year) => (
          <Stack key={year.period} gap={6}>
            <Title order={3} fz={16}>
              {year.period}
            </Title>
            <Group component="ol" gap={6} className={list.plainList}>
              {year.tags.map((tag) => (
                <li key={tag.id}>
                  <TagBadge tag={tag} count={tag.count} />
                </li>
              ))}
            </Group>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
