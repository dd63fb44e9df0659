import { useCombobox } from '@mantine/core';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import { SUGGEST_DEBOUNCE_MS } from '../../../common/suggest';
import { SUGGEST_MIN_LENGTH, suggestionsQuery } from '../../api/search';

/**
 * The suggestions of the search box's text and the Mantine combobox store that shows them. One
 * request per pause in typing (SUGGEST_DEBOUNCE_MS); when the text changes, the older query loses
 * its observer and TanStack Query aborts its request, while its answer stays on screen until the
 * newer one comes (keepPreviousData).
 *
 * The box's ARIA state (`comboboxProps`) is kept here rather than by Combobox.Target: Mantine's
 * aria-activedescendant keeps naming the last option the arrows reached after the list was reset
 * (a new keystroke, a new answer), when Enter would search the text instead.
 */
export function useSuggestionBox(q: string) {
  const [debounced] = useDebouncedValue(q, SUGGEST_DEBOUNCE_MS);
  const suggestions = useQuery(suggestionsQuery(debounced));
  const listId = useId();
  const [activeId, setActiveId] = useState<string>();
  const combobox = useCombobox({ onDropdownClose: () => setActiveId(undefined) });
  const { resetSelectedOption } = combobox;
  const resetSelection = useCallback(() => {
    resetSelectedOption();
    setActiveId(undefined);
  }, [resetSelectedOption]);

  // A new answer is a new list: no option stays chosen that Enter would open unseen.
  const answer = suggestions.data;
  useEffect(() => {
    if (answer) resetSelection();
  }, [answer, resetSelection]);

  // Mantine's key handler runs after this one and marks the chosen option: read it once it has.
  const followArrows = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    queueMicrotask(() => setActiveId(document.getElementById(listId)?.querySelector('[data-combobox-selected]')?.id || undefined));
  };

  const typing = q.length >= SUGGEST_MIN_LENGTH;
  const expanded = typing && combobox.dropdownOpened;
  return {
    combobox,
    listId,
    answer,
    /** The text is long enough to ask for suggestions */
    typing,
    /** An answer for the text is on its way (the pause has not ended, or the request is out) */
    loading: typing && (debounced !== q || suggestions.isFetching),
    failed: suggestions.isError && !suggestions.isFetching,
    resetSelection,
    /** For the box: the combobox's ARIA state and the arrows' follower */
    comboboxProps: {
      role: 'combobox',
      'aria-haspopup': 'listbox',
      'aria-expanded': expanded,
      'aria-controls': expanded ? listId : undefined,
      'aria-activedescendant': expanded ? activeId : undefined,
      autoComplete: 'off',
      // While the list is open, Escape closes only the list, not a dialog around it (Mantine's Modal reads this).
      'data-mantine-stop-propagation': expanded || undefined,
      onKeyDown: followArrows,
    },
  } as const;
}
