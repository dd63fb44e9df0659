import { ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyTooltip } from '../later/LazyTooltip';
import { useLater } from '../later/later';
import { lateParts } from './late-parts';
import classes from './SearchButton.module.css';

/**
 * The header's search box (from 1024 px): NavSearch.tsx once it has loaded after start-up; until then a
 * box drawn to look the same (SearchButton.module.css), read-only: what is typed there would be lost
 * when the real one comes. Mantine's TextInput would bring 5 kB gzip into the first bundle for it.
 */
export function HeaderSearch() {
  const parts = useLater(lateParts);
  const [focused, setFocused] = useState(false);
  if (parts) return <parts.NavSearch autoFocus={focused} />;
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet typed by React; role="search" is the equivalent landmark
    <form role="search" onSubmit={(event) => event.preventDefault()}>
      <div className={classes.box}>
        <span className={classes.icon}>
          <IconSearch size={16} stroke={1.8} />
        </span>
        <input
          className={classes.input}
          aria-label="Search"
          placeholder="Search"
          readOnly
          onFocus={() => {
            setFocused(true);
            void lateParts.load();
          }}
          onBlur={() => setFocused(false)}
        />
      </div>
    </form>
  );
}

/**
 * Below 1024 px, where the navbar has no room for the box: a button that opens the same
 * search in a dialog (SearchDialog of NavSearch.tsx, loaded after start-up or by the click).
 */
export function SearchButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const parts = useLater(lateParts);
  return (
    <>
      <LazyTooltip label="Search" disabled={opened}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Search"
          aria-haspopup="dialog"
          onClick={() => {
            open();
            void lateParts.load();
          }}
        >
          <IconSearch size={20} stroke={1.8} />
        </ActionIcon>
      </LazyTooltip>
      {parts ? <parts.SearchDialog opened={opened} onClose={close} /> : null}
    </>
  );
}
