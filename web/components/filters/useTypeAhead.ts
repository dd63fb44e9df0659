import { useDebouncedCallback } from '@mantine/hooks';
import { type KeyboardEvent, useRef } from 'react';
import { SELECT_KEYBOARD_DEBOUNCE_MS } from '../../../common/constants';
import { isTypingKey, type TypeAheadOption, typeAheadMatch } from '../../lib/type-ahead';

/**
 * Spec 9: a non-searchable select answers typing. Keys typed less than 200 ms apart form one
 * prefix; 200 ms after the last key the first option it starts adds to the selection, whether the
 * dropdown is open or not (as a native multiple select does). Returns the input's onKeyDown.
 */
export function useTypeAhead(options: readonly TypeAheadOption[], selected: readonly string[], onPick: (value: string) => void) {
  const typed = useRef('');
  const settle = useDebouncedCallback(() => {
    const match = typeAheadMatch(options, typed.current);
    typed.current = '';
    if (match && !selected.includes(match.value)) onPick(match.value);
  }, SELECT_KEYBOARD_DEBOUNCE_MS);

  return (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isTypingKey(event.key, event)) return;
    // A first space still opens the dropdown (Mantine's default); within a word it is a character.
    if (event.key === ' ' && typed.current === '') return;
    event.preventDefault();
    typed.current += event.key;
    settle();
  };
}
