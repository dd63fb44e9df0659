import { SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FilterForm } from './FilterForm';
import { TagSelect } from './TagSelect';

export interface ClipFilterValue {
  clippedBy?: string;
  tags: number[];
}

interface ClipFilterProps {
  filter: ClipFilterValue;
  onApply: (filter: ClipFilterValue) => void;
}

/** Spec 2 "Search": the clip filter, a clipped-by text box and a tag multi-select, with APPLY and CLEAR. */
export function ClipFilter({ filter, onApply }: ClipFilterProps) {
  const [clippedBy, setClippedBy] = useState(filter.clippedBy ?? '');
  const [tags, setTags] = useState(filter.tags);
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-initialise only when the applied filter's value changes
  useEffect(() => {
    setClippedBy(filter.clippedBy ?? '');
    setTags(filter.tags);
  }, [filterKey]);

  return (
    <FilterForm
      label="Clip filter"
      onApply={() => onApply({ clippedBy: clippedBy.trim() || undefined, tags })}
      onClear={() => {
        setClippedBy('');
        setTags([]);
        onApply({ tags: [] });
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Clipped by"
          placeholder="Clipper name"
          value={clippedBy}
          onChange={(event) => setClippedBy(event.currentTarget.value)}
        />
        <TagSelect value={tags} onChange={setTags} />
      </SimpleGrid>
    </FilterForm>
  );
}
