import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useOnThisDay } from '../../api/on-this-day';
import { DETAIL_PATHS } from '../../lib/detail';
import { anniversaryLines } from '../../lib/on-this-day';
import { EmphasisHeader } from '../EmphasisHeader';
import classes from '../plainList.module.css';

const KIND_LABELS = { media: 'Song', streams: 'Stream', clips: 'Clip' } as const;

/**
 * "On this day" (issue 25): what came out on today's date in earlier years ("3 years ago today: …"),
 * each a link to its page. Nothing at all until the three answers are in, and nothing when they are
 * empty. The last section of the home page, loaded after the first screen (home.tsx), so appearing
 * moves nothing on screen.
 */
export function OnThisDay() {
  const answers = useOnThisDay();
  const lines = answers ? anniversaryLines(answers) : [];
  if (lines.length === 0) return null;
  return (
    <section aria-label="On this day">
      <EmphasisHeader icon="calendar" text="On This" emphasis="Day" order={2} />
      <ul className={classes.plainList}>
        {lines.map((line) => (
          <li key={`${line.kind} ${line.id}`}>
            <Text component="div" py={4}>
              {line.when}:{' '}
              <Anchor fw={600} renderRoot={(props) => <Link {...props} to={DETAIL_PATHS[line.kind].page} params={{ id: line.id }} />}>
                {line.name}
              </Anchor>{' '}
              <Text span fz="sm" c="dimmed">
                ({KIND_LABELS[line.kind]})
              </Text>
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
