import { ActionIcon, Popover, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { searchTypeForPath } from '../../lib/navigation';

/** The navbar search box: submits to /search with q, plus the type of the list the visitor is on. */
export function NavSearch({ onSubmitted, autoFocus = false }: { onSubmitted?: () => void; autoFocus?: boolean }) {
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [text, setText] = useState('');

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet typed by React; role="search" is the equivalent landmark
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (!q) return;
        void navigate({ to: '/search', search: { q, type: searchTypeForPath(pathname) } });
        setText('');
        onSubmitted?.();
      }}
    >
      <TextInput
        aria-label="Search"
        placeholder="Search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} stroke={1.8} />}
        radius="xl"
        w={{ base: '100%', xl: 200 }}
        autoFocus={autoFocus}
      />
    </form>
  );
}

/** Medium-wide screens: the same search box, opened from a button to leave room for the menu. */
export function SearchPopover() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <Popover opened={opened} onChange={(next) => (next ? undefined : close())} position="bottom-end" shadow="md" width={280} trapFocus>
      <Popover.Target>
        <Tooltip label="Search" disabled={opened}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Search" aria-expanded={opened} onClick={toggle}>
            <IconSearch size={20} stroke={1.8} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <NavSearch onSubmitted={close} autoFocus />
      </Popover.Dropdown>
    </Popover>
  );
}
