/**
 * Pick a company, department, zone or designation from its list endpoint, with server-side type-ahead (`q`).
 * The server scopes the list to the caller (a CompanyAdmin only ever sees its company's departments), so the
 * select never filters by role itself. The value is the id (number) or null.
 *
 * As a list filter:
 *   const [departmentId, setDepartmentId] = useUrlIdFilter('departmentId');     // server-data-grid.tsx
 *   <EntitySelect kind="department" value={departmentId} onChange={setDepartmentId} label={t('org.fields.department')} size="small" />
 *
 * In a react-hook-form form (errors translated like the other form fields):
 *   <FormEntitySelect control={form.control} name="departmentId" kind="department" companyId={companyId} label=… required />
 *
 * `companyId` narrows departments/zones/designations to one company (a SuperAdmin's form after choosing the
 * company); leave it undefined for everybody else. Options name their company when the list spans companies.
 */
import { useEffect, useMemo, useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { optionQueryOptions } from '../shared-api/org-lookups/get-option.ts';
import type { OrgLookupKind } from '../shared-api/org-lookups/keys.ts';
import {
  optionsQueryOptions,
  toLookupItem,
  type LookupItem,
} from '../shared-api/org-lookups/list-options.ts';
import { spanSx, useFieldErrorText } from './form-fields.tsx';

export type EntityKind = OrgLookupKind;
export type EntityOption = LookupItem;

function useEntityOptions(
  kind: EntityKind,
  q: string,
  companyId: number | null | undefined,
  enabled: boolean,
) {
  const query = useQuery({ ...optionsQueryOptions(kind, q, companyId), enabled });
  const items = query.data?.items;
  const options = useMemo(() => (items ?? []).map(toLookupItem), [items]);
  return { options, loading: query.isFetching, error: query.error };
}

/** The chosen item's name when it is not among the loaded options (e.g. beyond the first page). */
function useSelected(kind: EntityKind, id: number | null) {
  return useQuery(optionQueryOptions(kind, id));
}

export interface EntitySelectProps {
  kind: EntityKind;
  value: number | null;
  onChange: (id: number | null, option: EntityOption | null) => void;
  label: string;
  companyId?: number | null;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  /** Width when not fullWidth (filters). */
  minWidth?: number;
  fullWidth?: boolean;
  name?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  onBlur?: () => void;
}

export function EntitySelect({
  kind,
  value,
  onChange,
  label,
  companyId,
  required,
  disabled,
  error,
  helperText,
  size = 'medium',
  minWidth = 220,
  fullWidth = false,
  name,
  inputRef,
  onBlur,
}: EntitySelectProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input), 300);
    return () => clearTimeout(timer);
  }, [input]);
  // Load when opened, or at once when a value needs its name and the list is small anyway.
  const { options, loading } = useEntityOptions(kind, q, companyId, open || value !== null);
  const listed = options.find((o) => o.id === value);
  const selected = useSelected(kind, listed || value === null ? null : value);
  const current = listed ?? selected.data ?? null;
  const spansCompanies = kind !== 'company' && new Set(options.map((o) => o.companyName)).size > 1;

  return (
    <Autocomplete<EntityOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => {
        setOpen(false);
        setInput('');
      }}
      options={current && !options.some((o) => o.id === current.id) ? [current, ...options] : options}
      value={current}
      onChange={(_event, option) => onChange(option?.id ?? null, option)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setInput(text);
      }}
      onBlur={onBlur}
      filterOptions={(x) => x}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={t('common.noRecordFound')}
      disabled={disabled}
      fullWidth
      size={size}
      sx={fullWidth ? undefined : { width: { xs: '100%', sm: minWidth } }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography component="span">{option.name}</Typography>
              {spansCompanies && option.companyName && (
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ display: 'block', color: 'text.secondary' }}
                >
                  {option.companyName}
                </Typography>
              )}
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={inputRef}
          label={label}
          required={required}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}

export function FormEntitySelect<T extends FieldValues>({
  control,
  name,
  kind,
  label,
  companyId,
  required,
  disabled,
  helperText,
  span,
  onPicked,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  kind: EntityKind;
  label: string;
  companyId?: number | null;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  span?: 1 | 2;
  /** Called after the user picks (e.g. clear the department when the company changes). */
  onPicked?: (id: number | null) => void;
}) {
  const errorText = useFieldErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Box sx={spanSx(span)}>
          <EntitySelect
            kind={kind}
            value={(field.value as number | null | undefined) ?? null}
            onChange={(id) => {
              field.onChange(id);
              onPicked?.(id);
            }}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            label={label}
            companyId={companyId}
            required={required}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={errorText(fieldState.error?.message) ?? helperText}
            fullWidth
          />
        </Box>
      )}
    />
  );
}
