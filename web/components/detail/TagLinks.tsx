import { Group, Text } from '@mantine/core';
import type { Tag } from '../../../common/api';
import list from '../plainList.module.css';
import { TagBadge } from '../TagBadge';

/** An item's tags, each a search for that tag (/search?tags={id}). */
export function TagLinks({ tags }: { tags: Tag[] }) {
  if (tags.length === 0)
    return (
      <Text span inherit c="dimmed" fw={400}>
        No tags
      </Text>
    );
  return (
    <Group component="ul" gap={6} mt={4} className={list.plainList} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id}>
          <TagBadge tag={tag} />
        </li>
      ))}
    </Group>
  );
}
