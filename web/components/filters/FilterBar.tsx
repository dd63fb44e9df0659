import { MultiSelect, SimpleGrid } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  FILTER_SOURCE_DESCRIPTIONS,
  FILTER_SOURCE_KINDS,
  PROVIDER_LABELS,
  type Provider,
  sourceKindOf,
  sourceLabel,
  sourceValue,
} from '../../../common/enums';
import { useConfig } from '../../api/config';
import type { CatalogueFilter } from '../../lib/filters';
import { FilterForm } from './FilterForm';
import { multiSelectDefaults } from './selectDefaults';
import { TagSelect } from './TagSelect';
import { useTypeAhead } from './useTypeAhead';

interface FilterBarProps {
  /** The applied filter (from the URL); the selections re-initialise whenever it changes */
  filter: CatalogueFilter;
  /** Providers this kind of list accepts */
  providers: readonly Provider[];
  onApply: (filter: CatalogueFilter) => void;
}

const EMPTY: CatalogueFilter = { providers: [], sources: [], tags: [] };

/** Spec 2 "Filter bar": Providers, Channels and Tags, then APPLY or CLEAR (which also applies). */
export function FilterBar({ filter, providers, onApply }: FilterBarProps) {
  const { streamerKey, streamerName } = useConfig();
  const [draft, setDraft] = useState(filter);
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-initialise only when the applied filter's value changes
  useEffect(() => setDraft(filter), [filterKey]);

  const providerOptions = providers.map((provider) => ({ value: provider, label: PROVIDER_LABELS[provider] }));
  const channelOptions = FILTER_SOURCE_KINDS.map((kind) => {
    const value = sourceValue(streamerKey, kind);
    return { value, label: sourceLabel(streamerName, value) };
  });
  // Providers and Channels are not searchable (spec 2), so typing picks an option (spec 9).
  const typeProvider = useTypeAhead(providerOptions, draft.providers, (value) =>
    setDraft((current) => ({ ...current, providers: [...current.providers, value as Provider] })),
  );
  const typeChannel = useTypeAhead(channelOptions, draft.sources, (value) =>
    setDraft((current) => ({ ...current, sources: [...current.sources, value] })),
  );

  return (
    <FilterForm
      label="Filter"
      onApply={() => onApply(draft)}
      onClear={() => {
        setDraft(EMPTY);
        onApply(EMPTY);
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <MultiSelect
          {...multiSelectDefaults}
          label="Providers"
          placeholder={draft.providers.length ? undefined : 'Select Providers..'}
          data={providerOptions}
          value={draft.providers}
          onChange={(next) => setDraft({ ...draft, providers: next as Provider[] })}
          onKeyDown={typeProvider}
        />
        <MultiSelect
          {...multiSelectDefaults}
          label="Channels"
          placeholder={draft.sources.length ? undefined : 'Select Channels..'}
          data={channelOptions}
          value={draft.sources}
          onChange={(next) => setDraft({ ...draft, sources: next })}
          onKeyDown={typeChannel}
          renderOption={({ option }) => <ChannelOption label={option.label} value={option.value} />}
        />
        <TagSelect value={draft.tags} onChange={(tags) => setDraft({ ...draft, tags })} />
      </SimpleGrid>
    </FilterForm>
  );
}

/** "Nova Music" with what it stands for ("Music channel") underneath. */
function ChannelOption({ label, value }: { label: string; value: string }) {
  const kind = sourceKindOf(value);
  const description =
    kind && kind in FILTER_SOURCE_DESCRIPTIONS ? FILTER_SOURCE_DESCRIPTIONS[kind as keyof typeof FILTER_SOURCE_DESCRIPTIONS] : '';
  return (
    <div>
      <div>{label}</div>
      <div style={{ fontSize: 'var(--mantine-font-size-xs)', opacity: 0.7 }}>{description}</div>
    </div>
  );
}
