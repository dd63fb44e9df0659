import { Paper, Text } from '@mantine/core';
import { EmphasisHeader } from '../components/EmphasisHeader';

/** /events: static text (spec 2). */
export function EventsPage() {
  return (
    <>
      <EmphasisHeader icon="calendar" text="Upcoming" emphasis="Events" />
      <Paper withBorder p="xl" radius="md">
        <Text ta="center" c="dimmed">
          No upcoming events
        </Text>
      </Paper>
    </>
  );
}
