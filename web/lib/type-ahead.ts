/** A select option as Mantine lists it. */
export interface TypeAheadOption {
  value: string;
  label: string;
}

/**
 * Spec 9 type-ahead of a non-searchable select: the keys typed in one burst form a prefix, and the
 * first option whose label starts with it (case-insensitive) is the one meant. Blank picks nothing.
 */
export function typeAheadMatch(options: readonly TypeAheadOption[], typed: string): TypeAheadOption | undefined {
  const prefix = typed.toLocaleLowerCase();
  if (prefix.trim() === '') return undefined;
  return options.find((option) => option.label.toLocaleLowerCase().startsWith(prefix));
}

/** A key that types a character (not a shortcut, not Enter or an arrow). */
export function isTypingKey(key: string, modifiers: { ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  return [...key].length === 1 && !modifiers.ctrlKey && !modifiers.metaKey && !modifiers.altKey;
}
