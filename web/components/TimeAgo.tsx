import { Text } from '@mantine/core';
import { formatExactTime, parseUploadedAt, timeAgo } from '../../common/format';
import { LazyTooltip } from './later/LazyTooltip';

/** "3 days ago", with the exact local time as tooltip (loaded after start-up: LazyTooltip). */
export function TimeAgo({ date, prefix }: { date: string; prefix?: string }) {
  const when = parseUploadedAt(date);
  const exact = formatExactTime(when);
  return (
    <LazyTooltip label={exact}>
      <Text span inherit>
        <time dateTime={when.toISOString()}>
          {prefix ? `${prefix} ` : ''}
          {timeAgo(when)}
        </time>
      </Text>
    </LazyTooltip>
  );
}
