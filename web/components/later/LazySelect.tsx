import { type SelectProps, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { later, useLater } from './later';

const select = later(() => import('./select'));

type Option = { value: string; label: string };
type LazySelectProps = Omit<SelectProps, 'data'> & { data: readonly Option[] };

/**
 * Mantine's Select, off the screen's first download: the screen renders and asks for its data first,
 * and the Select's chunk is fetched as soon as the screen is on the page (not after start-up like
 * the shell's menus: a visitor reaches for a sort at once). Until it arrives, a read-only input of
 * the same size shows the chosen option's label; a click or a key on it opens the Select when it
 * arrives, with the focus on it, so nothing the visitor did is lost.
 */
export function LazySelect({ data, ...props }: LazySelectProps) {
  const parts = useLater(select);
  const [asked, setAsked] = useState(false);
  useEffect(() => void select.load(), []);
  if (parts) return <parts.Select data={data as Option[]} {...props} defaultDropdownOpened={asked} autoFocus={asked || props.autoFocus} />;

  const ask = () => {
    setAsked(true);
    void select.load();
  };
  const chosen = data.find((option) => option.value === props.value);
  return (
    <TextInput
      className={props.className}
      label={props.label}
      size={props.size}
      value={chosen?.label ?? ''}
      readOnly
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      onClick={ask}
      onKeyDown={(event) => {
        if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
          event.preventDefault();
          ask();
        }
      }}
    />
  );
}
