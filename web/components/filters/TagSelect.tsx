import { MultiSelect } from '@mantine/core';
import { useTags } from '../../api/site';
import { multiSelectDefaults } from './selectDefaults';

interface TagSelectProps {
  value: number[];
  onChange: (tags: number[]) => void;
}

/** Tags from GET /api/tag; searchable, and the search text is cleared after each pick. */
export function TagSelect({ value, onChange }: TagSelectProps) {
  const tags = useTags();
  const data = (tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }));
  return (
    <MultiSelect
      {...multiSelectDefaults}
      label="Tags"
      placeholder={value.length ? undefined : 'Select Tags..'}
      data={data}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
      searchable
      clearSearchOnChange
      nothingFoundMessage={tags.isLoading ? 'Loading...' : tags.data?.length ? 'No items found' : 'Type to search'}
    />
  );
}
