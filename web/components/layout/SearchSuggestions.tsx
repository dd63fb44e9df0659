import { Box, Combobox, Group, Loader, Text, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PROVIDER_LABELS } from '../../../common/enums';
import { formatDuration, formatPlaylistType, timeAgo } from '../../../common/format';
import type { Suggestions } from '../../../common/search';
import { SEARCH_ALL, SUGGESTION_KINDS, type SuggestionKind, suggestionCount, suggestionValue } from '../../lib/suggestions';
import { Thumbnail } from '../Thumbnail';
import classes from './SearchSuggestions.module.css';

type Kind = SuggestionKind;
type SuggestedItem = Suggestions[Kind][number];

/** Each kind's group heading. */
const LABELS: Record<Kind, string> = { media: 'Songs', streams: 'Streams', playlists: 'Playlists', clips: 'Clips' };

const songs = (count: number) => `${count} ${count === 1 ? 'song' : 'songs'}`;

/** The short line under an item's name, per kind. */
const DETAILS: { [K in Kind]: (item: Suggestions[K][number]) => string } = {
  media: (media) => `${formatDuration(media.duration)} · ${PROVIDER_LABELS[media.provider]}`,
  streams: (stream) => `${formatDuration(stream.duration)} · ${timeAgo(stream.uploadedAt)}`,
  playlists: (playlist) => `${formatPlaylistType(playlist.type)} · ${songs(playlist.mediaCount)}`,
  clips: (clip) => `${formatDuration(clip.duration)} · clipped by ${clip.creatorName}`,
};

interface SearchSuggestionsProps {
  /** The listbox's id, which the box's aria-controls names */
  id: string;
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
export function SearchSuggestions({ id, text, suggestions, loading, failed }: SearchSuggestionsProps) {
  const count = suggestionCount(suggestions);
  let message: string | undefined;
  if (failed && !loading) message = 'Suggestions are unavailable right now';
  else if (!suggestions) message = 'Looking for matches…';
  else if (count === 0 && !loading) message = `No songs, streams, playlists or clips match “${text}”`;
  return (
    <>
      <Combobox.Options id={id} aria-label="Suggestions" aria-busy={loading} className={classes.options}>
        {message ? (
          <Combobox.Empty className={classes.state}>
            <Group gap="xs" justify="center" wrap="nowrap">
              {loading ? <Loader size={14} type="dots" aria-hidden /> : null}
              <span>{message}</span>
            </Group>
          </Combobox.Empty>
        ) : null}
        {suggestions
          ? SUGGESTION_KINDS.filter((kind) => suggestions[kind].length > 0).map((kind) => (
              <Combobox.Group key={kind} label={LABELS[kind]}>
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
