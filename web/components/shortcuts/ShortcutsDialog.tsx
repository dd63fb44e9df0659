import { Kbd, Modal, Table } from '@mantine/core';

/** Every shortcut and what it does (bound in KeyboardShortcuts.tsx; kept here so the page's own chunk does not carry the words). */
const SHORTCUTS = [
  { keys: ['/'], action: 'Focus the search box' },
  { keys: ['Space'], action: 'Play or pause the radio' },
  { keys: ['?'], action: 'Show the keyboard shortcuts' },
] as const;

/** The "?" dialog: every shortcut and what it does. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" closeButtonProps={{ 'aria-label': 'Close keyboard shortcuts' }}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Key</Table.Th>
            <Table.Th scope="col">Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map(({ keys, action }) => (
            <Table.Tr key={action}>
              <Table.Td>
                {keys.map((key) => (
                  <Kbd key={key}>{key}</Kbd>
                ))}
              </Table.Td>
              <Table.Td>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
