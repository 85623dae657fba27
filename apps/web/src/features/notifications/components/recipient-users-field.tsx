import { useMemo, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '../../../components/form-fields.tsx';
import { recipientUsersQueryOptions } from '../api/notification-rules.ts';
import type { RuleFormValues } from '../model/rule-form.ts';

interface UserOption {
  id: number;
  fullName: string;
  email: string;
}

/** The rule's recipient users: type to search the portal users the caller sees (the server re-checks each). */
export function RecipientUsersField({
  control,
  known,
  companyId,
}: {
  control: Control<RuleFormValues>;
  /** Users already named by the rule, so their names show before any search. */
  known: readonly UserOption[];
  companyId: number | null | undefined;
}) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText();
  const [q, setQ] = useState('');
  const users = useQuery(recipientUsersQueryOptions(q.trim(), companyId));
  const byId = useMemo(() => {
    const map = new Map<number, UserOption>();
    for (const u of known) map.set(u.id, u);
    for (const u of users.data?.items ?? [])
      map.set(u.id, { id: u.id, fullName: u.fullName, email: u.email });
    return map;
  }, [known, users.data]);
  return (
    <Controller
      control={control}
      name="recipients.userIds"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={[...byId.keys()]}
          value={field.value}
          loading={users.isFetching}
          filterOptions={(ids) => ids}
          getOptionLabel={(id) => byId.get(id)?.fullName ?? `#${id}`}
          renderOption={(props, id) => {
            const { key, ...rest } = props;
            const user = byId.get(id);
            return (
              <li key={key} {...rest}>
                {user ? `${user.fullName} · ${user.email}` : `#${id}`}
              </li>
            );
          }}
          onChange={(_e, ids) => field.onChange(ids)}
          onInputChange={(_e, text, reason) => reason === 'input' && setQ(text)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('notificationRules.field.recipientUsers')}
              error={Boolean(fieldState.error)}
              helperText={errorText(fieldState.error?.message)}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    />
  );
}
