import { Badge } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A tag as a badge that searches for it (/search?tags={id}), with its use count beside the name when given. */
export function TagBadge({ tag, count }: { tag: { id: number; name: string }; count?: number }) {
  return (
    <Badge
      renderRoot={(props) => <Link {...props} to="/search" search={{ tags: [tag.id] }} />}
      variant="light"
      radius="sm"
      tt="none"
      size="lg"
      style={{ cursor: 'pointer' }}
      rightSection={count === undefined ? undefined : <span style={{ fontWeight: 400 }}>{count}</span>}
    >
      {tag.name}
    </Badge>
  );
}
