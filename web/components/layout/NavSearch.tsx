import { Combobox, Loader, Modal, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SUGGEST_MIN_LENGTH } from '../../api/search';
import { DETAIL_PATHS } from '../../lib/detail';
import { searchTypeForPath } from '../../lib/navigation';
import { parseSuggestionValue } from '../../lib/suggestions';
import { SearchSuggestions } from './SearchSuggestions';
import { useSuggestionBox } from './useSuggestionBox';

interface NavSearchProps {
  /** The list sits under the box in the page (the search dialog) instead of floating over it (the navbar) */
  inline?: boolean;
  /** Called after a search or an item was opened (the dialog closes) */
  onDone?: () => void;
  /** Focus the box on mount (its look-alike had the focus: SearchButton.tsx) */
  autoFocus?: boolean;
}

/**
 * The navbar search (issue 14): a combobox that suggests the best few songs, streams, playlists and
 * clips while the visitor types. Arrows move through them, Enter on one opens its page, Escape closes
 * the list, and Enter on the text goes to /search with q plus the type of the list the visitor is on
 * (spec 2, Search). One request per pause in typing (SUGGEST_DEBOUNCE_MS); a newer text aborts the
 * older request, and the older answer stays on screen until the newer one comes. Loaded after
 * start-up (LateParts.tsx); SearchButton.tsx shows the header's box until then.
 */
export function NavSearch({ inline = false, onDone, autoFocus = false }: NavSearchProps) {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [text, setText] = useState('');
  const q = text.trim();
  const { combobox, listId, answer, typing, loading, failed, resetSelection, comboboxProps } = useSuggestionBox(q);

  const finish = () => {
    setText('');
    combobox.closeDropdown();
    onDone?.();
  };
  const searchText = () => {
    if (!q) return;
    void navigate({ to: '/search', search: { q, type: searchTypeForPath(pathname) } });
    finish();
  };
  const openOption = (value: string) => {
    const item = parseSuggestionValue(value);
    if (!item) return searchText();
    void navigate({ to: DETAIL_PATHS[item.kind].page, params: { id: item.id } });
    finish();
  };

  const list = <SearchSuggestions id={listId} text={q} suggestions={answer} loading={loading} failed={failed} />;
  const input = (
    <TextInput
      aria-label="Search"
      placeholder={inline ? 'Songs, streams, playlists, clips' : 'Search'}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        resetSelection();
        if (next.trim().length >= SUGGEST_MIN_LENGTH) combobox.openDropdown();
        else combobox.closeDropdown();
      }}
      // Back in the box (or a click after Escape): the list of what is typed shows again.
      onFocus={() => typing && combobox.openDropdown()}
      onClick={() => typing && combobox.openDropdown()}
      onBlur={() => (inline ? undefined : combobox.closeDropdown())}
      {...comboboxProps}
      leftSection={<IconSearch size={16} stroke={1.8} />}
      rightSection={loading && answer ? <Loader size={14} aria-hidden /> : null}
      radius="xl"
      size={inline ? 'md' : 'sm'}
      // In the header, the width its slot gives (AppLayout.module.css).
      w="100%"
      // The dialog puts focus here, not on its close button.
      data-autofocus={inline || undefined}
      // Only when the visitor had already focused the box's look-alike.
      autoFocus={autoFocus}
    />
  );

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet typed by React; role="search" is the equivalent landmark
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        searchText();
      }}
    >
      <Combobox store={combobox} onOptionSubmit={openOption} width={400} position="bottom-end" offset={6} shadow="md">
        {inline ? (
          <>
            <Combobox.EventsTarget withAriaAttributes={false}>{input}</Combobox.EventsTarget>
            {typing && combobox.dropdownOpened ? list : null}
          </>
        ) : (
          <>
            <Combobox.Target withAriaAttributes={false}>{input}</Combobox.Target>
            <Combobox.Dropdown hidden={!typing}>{list}</Combobox.Dropdown>
          </>
        )}
      </Combobox>
    </form>
  );
}

/**
 * Below 1024 px, the search in a dialog (SearchButton.tsx opens it): focus in the box and
 * the suggestions under it. The first Escape closes the list, the next one the dialog.
 */
export function SearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Search" size="lg" yOffset="6dvh" closeButtonProps={{ 'aria-label': 'Close search' }}>
      <NavSearch inline onDone={onClose} />
    </Modal>
  );
}
