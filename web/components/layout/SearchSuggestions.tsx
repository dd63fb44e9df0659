import { Box, Combobox, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PROVIDER_LABELS } from '../../../common/enums';
import { formatDuration, formatPlaylistType, timeAgo } from '../../../common/format';
import type { Suggestions } from '../../../common/search';
import { suggestionCount } from '../../api/search';
import { Thumbnail } from '../Thumbnail';
import classes from './SearchSuggestions.module.css';

/** The option that searches the text instead of opening one item (Enter on the text does the same). */
export const SEARCH_ALL = 'search';

type Kind = keyof Suggestions;
type SuggestedItem = Suggestions[Kind][number];

/** The group headings, in the list's order. */
const GROUPS: { kind: Kind; label: string }[] = [
  { kind: 'media', label: 'Songs' },
  { kind: 'streams', label: 'Streams' },
  { kind: 'playlists', label: 'Playlists' },
  { kind: 'clips', label: 'Clips' },
];

const songs = (count: number) => `${count} ${count === 1 ? 'song' : 'songs'}`;

/** The short line under an item's name, per kind. */
const DETAILS: { [K in Kind]: (item: Suggestions[K][number]) => string } = {
  media: (media) => `${formatDuration(media.duration)} · ${PROVIDER_LABELS[media.provider]}`,
  streams: (stream) => `${formatDuration(stream.duration)} · ${timeAgo(stream.uploadedAt)}`,
  playlists: (playlist) => `${formatPlaylistType(playlist.type)} · ${songs(playlist.mediaCount)}`,
  clips: (clip) => `${formatDuration(clip.duration)} · clipped by ${clip.creatorName}`,
};

/** An option's value: the kind and id of the item it opens ("media:12"). */
export function suggestionValue(kind: Kind, id: number): string {
  return `${kind}:${id}`;
}

/** The item an option's value names; undefined for SEARCH_ALL. */
export function parseSuggestionValue(value: string): { kind: Kind; id: number } | undefined {
  const [kind, id] = value.split(':');
  const known = GROUPS.find((entry) => entry.kind === kind);
  return known && id ? { kind: known.kind, id: Number(id) } : undefined;
}

interface SearchSuggestionsProps {
  /** The trimmed text in the box (what Enter would search) */
  text: string;
  /** The newest answer, possibly for an earlier text while the next one loads */
  suggestions: Suggestions | undefined;
  /** An answer for the text is on its way */
  loading: boolean;
  failed: boolean;
}

/**
 * The listbox under the search box: the best few of each kind, grouped, then "Search for …". Options
 * are Mantine Combobox options, so the box's arrows, Enter and aria-activedescendant reach them.
 */
export function SearchSuggestions({ text, suggestions, loading, failed }: SearchSuggestionsProps) {
  const count = suggestionCount(suggestions);
  let message: string | undefined;
  if (failed && !loading) message = 'Suggestions are unavailable right now';
  else if (!suggestions) message = 'Looking for matches…';
  else if (count === 0 && !loading) message = `No songs, streams, playlists or clips match “${text}”`;
  return (
    <>
      <Combobox.Options aria-label="Suggestions" aria-busy={loading} className={classes.options}>
        {message ? (
          <Combobox.Empty className={classes.state}>
            <Group gap="xs" justify="center" wrap="nowrap">
              {loading ? <Loader size={14} type="dots" aria-hidden /> : null}
              <span>{message}</span>
            </Group>
          </Combobox.Empty>
        ) : null}
        {suggestions
          ? GROUPS.filter(({ kind }) => suggestions[kind].length > 0).map(({ kind, label }) => (
              <Combobox.Group key={kind} label={label}>
                {itemsWithDetails(suggestions, kind).map(({ item, detail }) => (
                  <SuggestionOption key={item.id} kind={kind} item={item} detail={detail} />
                ))}
              </Combobox.Group>
            ))
          : null}
        <Combobox.Option value={SEARCH_ALL} className={classes.option}>
          <Group gap="sm" wrap="nowrap">
            <IconSearch size={16} stroke={1.8} aria-hidden className={classes.searchIcon} />
            <Text fz="sm" truncate>
              Search for “{text}”
            </Text>
          </Group>
        </Combobox.Option>
      </Combobox.Options>
      {/* Screen readers hear how many suggestions came, once the list settles. */}
      <VisuallyHidden role="status">
        {loading ? '' : failed ? message : `${count} ${count === 1 ? 'suggestion' : 'suggestions'}`}
      </VisuallyHidden>
    </>
  );
}

/** One kind's items with their short lines (a generic function keeps each kind's item and line maker together). */
function itemsWithDetails<K extends Kind>(suggestions: Suggestions, kind: K): { item: SuggestedItem; detail: string }[] {
  const detail = DETAILS[kind];
  return suggestions[kind].map((item: Suggestions[K][number]) => ({ item, detail: detail(item) }));
}

/** One item: its thumbnail, name and a short line (duration and provider, type and size...). */
function SuggestionOption({ kind, item, detail }: { kind: Kind; item: SuggestedItem; detail: string }) {
  return (
    <Combobox.Option value={suggestionValue(kind, item.id)} className={classes.option}>
      <Group gap="sm" wrap="nowrap">
        <Box className={classes.thumbnail}>
          <Thumbnail kind={kind} thumbnail={item.thumbnail} alt="" />
        </Box>
        <Box miw={0}>
          <Text fz="sm" fw={500} lh={1.3} truncate>
            {item.name}
          </Text>
          <Text fz="xs" c="dimmed" lh={1.3} truncate>
            {detail}
          </Text>
        </Box>
      </Group>
    </Combobox.Option>
  );
}
