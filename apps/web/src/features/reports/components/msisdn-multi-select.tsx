import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REPORT_MSISDNS_MAX } from '@lbs/contracts';
import { msisdnsQueryOptions } from '../../../shared-api/msisdns/list-msisdns.ts';
import type { MsisdnChoice } from './report-params.ts';

/**
 * Up to REPORT_MSISDNS_MAX mobile numbers of the caller's scope (GET /msisdns, searched on the server as one types;
 * a SuperAdmin's list narrowed to the chosen company).
 */
export function MsisdnMultiSelect({
  value,
  onChange,
  companyId,
  error,
}: {
  value: MsisdnChoice[];
  onChange: (value: MsisdnChoice[]) => void;
  companyId: number | null;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(input), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const query = useQuery({
    ...msisdnsQueryOptions({ page: 1, size: 20, sort: 'employeeName', q, filters: { companyId } }),
    enabled: open,
  });
  const options = useMemo<MsisdnChoice[]>(
    () =>
      (query.data?.items ?? []).map((m) => ({ id: m.id, msisdn: m.msisdn, employeeName: m.employeeName })),
    [query.data],
  );
  const full = value.length >= REPORT_MSISDNS_MAX;
  return (
    <Autocomplete<MsisdnChoice, true>
      multiple
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      onChange={(_event, next) => onChange(next.slice(0, REPORT_MSISDNS_MAX))}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setInput(text);
        if (reason === 'reset' || reason === 'clear') setInput('');
      }}
      filterOptions={(x) => x}
      getOptionDisabled={(option) => full && !value.some((v) => v.id === option.id)}
      getOptionLabel={(option) => `${option.employeeName} ${option.msisdn}`}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={query.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('common.noRecordFound')}
      size="small"
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest}>
            <Box>
              <Typography component="span">{option.employeeName}</Typography>
              <Typography
                component="span"
                variant="body2"
                dir="ltr"
                sx={{ display: 'block', color: 'text.secondary' }}
              >
                {option.msisdn}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderValue={(chosen, getItemProps) =>
        chosen.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option.employeeName || option.msisdn} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name="msisdnIds"
          label={t('reports.form.msisdns')}
          error={Boolean(error)}
          helperText={error ?? t('reports.form.msisdnsHelp', { max: REPORT_MSISDNS_MAX })}
        />
      )}
    />
  );
}
