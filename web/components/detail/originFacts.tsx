import type { Tag } from '../../../common/api';
import { PROVIDER_LABELS, type Provider, sourceLabel } from '../../../common/enums';
import { useConfig } from '../../api/config';
import type { Fact } from './FactList';
import { TagLinks } from './TagLinks';

/**
 * Provider, Channel, then `more`, then Tags: how the facts of every item end. A hook because the
 * streamer's own channel is labelled with the streamer's name.
 */
export function useOriginFacts(item: { provider: Provider; source: string; tags: Tag[] }, more: Fact[] = []): Fact[] {
  const { streamerName } = useConfig();
  return [
    { label: 'Provider', value: PROVIDER_LABELS[item.provider] },
    { label: 'Channel', value: sourceLabel(streamerName, item.source) },
    ...more,
    { label: 'Tags', value: <TagLinks tags={item.tags} />, wide: true },
  ];
}
