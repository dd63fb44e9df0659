import { ActionIcon, TextInput } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { LazyTooltip } from '../later/LazyTooltip';

interface SearchQueryBoxProps {
  /** The query text of the URL; the box follows it when it changes (e.g. from the navbar search) */
  value: string | undefined;
  /** What the visitor searches, for the placeholder: "songs", "streams", ... */
  entity: string;
  onSearch: (q: string) => void;
}

/** The search screen's own query box: refine the text without going back to the navbar (which phones fold away). */
export function SearchQueryBox({ value, entity, onSearch }: SearchQueryBoxProps) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet typed by React; role="search" is the equivalent landmark
    <form
      role="search"
      aria-label="Search the almanac"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <TextInput
        aria-label="Search text"
        type="search"
        size="md"
        radius="xl"
        placeholder={`Search ${entity}…`}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={18} stroke={1.8} aria-hidden />}
        rightSectionWidth={44}
        rightSection={
          <LazyTooltip label="Search">
            <ActionIcon type="submit" variant="filled" radius="xl" size={32} aria-label="Submit search">
              <IconArrowRight size={18} stroke={2} aria-hidden />
            </ActionIcon>
          </LazyTooltip>
        }
        mb="md"
      />
    </form>
  );
}
