import { Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import { parseUploadedAt, timeAgo } from '../../common/format';

/** "3 days ago", with the exact local time as tooltip. */
export function TimeAgo({ date, prefix }: { date: string; prefix?: string }) {
  const when = parseUploadedAt(date);
  const exact = dayjs(when).format('D MMMM YYYY, HH:mm');
  return (
    <Tooltip label={exact}>
      <Text span inherit>
        <time dateTime={when.toISOString()}>
          {prefix ? `${prefix} ` : ''}
          {timeAgo(when)}
        </time>
      </Text>
    </Tooltip>
  );
}
