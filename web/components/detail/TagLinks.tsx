import { Badge, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Tag } from '../../../common/api';
import list from '../plainList.module.css';

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
          <Badge
            renderRoot={(props) => <Link {...props} to="/search" search={{ tags: [tag.id] }} />}
            variant="light"
            radius="sm"
            tt="none"
            size="lg"
            style={{ cursor: 'pointer' }}
          >
            {tag.name}
          </Badge>
        </li>
      ))}
    </Group>
  );
}
