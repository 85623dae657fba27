import { useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useQueries, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form-fields.tsx';
import type { RefOption, RuleFilterKey, RuleFormValues } from '../model/rule-form.ts';

type Options<T, K extends readonly unknown[]> = UseQueryOptions<T, Error, T, K>;

/**
 * An id list of the rule form (recipient users, the filters' POIs, categories, MSISDNs, units): type to search what the caller sees — the server scopes the
 * list, and checks each id again when the rule is saved. Ids chosen before show by name: from `known`, or asked one
 * by one with `lookup` when neither `known` nor the search holds them.
 */
export function RefMultiField<K extends readonly unknown[], L extends readonly unknown[]>({
  control,
  name,
  label,
  helperText,
  search,
  known = [],
  lookup,
}: {
  control: Control<RuleFormValues>;
  name: 'recipients.userIds' | `filters.${RuleFilterKey}`;
  label: string;
  helperText?: string;
  search: (q: string) => Options<RefOption[], K>;
  known?: readonly RefOption[];
  lookup?: (id: number) => Options<RefOption, L>;
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [q, setQ] = useState('');
  // Searched once the list is opened: a form of six such fields asks nothing until one is used.
  const [opened, setOpened] = useState(false);
  const found = useQuery({ ...search(q.trim()), enabled: opened });
  const chosen = useWatch({ control, name });
  const listed = new Set([...known, ...(found.data ?? [])].map((o) => o.id));
  const looked = useQueries({
    queries: lookup ? chosen.filter((id) => !listed.has(id)).map((id) => lookup(id)) : [],
  });
  const byId = new Map<number, RefOption>();
  for (const o of [...known, ...looked.flatMap((r) => (r.data ? [r.data] : [])), ...(found.data ?? [])])
    byId.set(o.id, o);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={[...byId.keys()]}
          value={field.value}
          loading={found.isFetching}
          loadingText={t('common.loading')}
          noOptionsText={t('common.noRecordFound')}
          filterOptions={(ids) => ids}
          getOptionLabel={(id) => byId.get(id)?.name ?? `#${id}`}
          renderOption={(props, id) => {
            const { key, ...rest } = props;
            const option = byId.get(id);
            return (
              <li key={key} {...rest}>
                {option ? [option.name, option.detail].filter(Boolean).join(' · ') : `#${id}`}
              </li>
            );
          }}
          onOpen={() => setOpened(true)}
          onChange={(_e, ids) => field.onChange(ids)}
          onInputChange={(_e, text, reason) => reason === 'input' && setQ(text)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={label}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? errorText(fieldState.error.message) : helperText}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    />
  );
}
