import { DROPDOWN_MAX_HEIGHT } from '../../../common/constants';

/**
 * Shared behaviour of the filter multi-selects (spec 2 "Filter bar"): the dropdown stays open after
 * a pick (Mantine's MultiSelect default), at most 240 px tall, with the spec's texts.
 */
export const multiSelectDefaults = {
  maxDropdownHeight: DROPDOWN_MAX_HEIGHT,
  nothingFoundMessage: 'No items found',
  clearable: true,
  // The clear button's name and hover text.
  clearButtonProps: { 'aria-label': 'Clear all', title: 'Clear all' },
  comboboxProps: { shadow: 'md', transitionProps: { duration: 0 } },
} as const;
