/**
 * A record's fields as a two-column description list (one column on phones), for details pages.
 *
 *   <DetailsList items={[
 *     { label: t('org.fields.name'), value: company.name },
 *     { label: t('org.fields.address'), value: company.address, span: 2 },    // empty → '—'
 *   ]} />
 *   <DetailsSection title={t('org.company.sections.config')}>…</DetailsSection>   // a titled block under it
 *
 * Page states around it: <QueryState query={query} backTo="/department/list">{(data) => …}</QueryState> shows the
 * delayed loader, then the children; a record that does not exist or is not the caller's to see (404) says "The
 * requested item was not found." with a way back to the list; other errors say what went wrong, with Retry only where
 * retrying can help (the network failed or the server did: status 0 or 5xx), never for a 4xx. Details and edit pages
 * use it through RecordState (route-record.tsx), which also turns an id that is no id into not found.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { DelayedLoader } from './delayed-loader.tsx';
import { ApiError } from '../lib/api/api-error.ts';
import { ProblemAlert } from './problem-alert.tsx';

export interface DetailsItem {
  label: string;
  value: ReactNode;
  span?: 1 | 2;
}

const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export function DetailsList({ items }: { items: readonly DetailsItem[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' },
        columnGap: 4,
        rowGap: 2.5,
      }}
    >
      {items.map((item) => (
        <Box key={item.label} sx={item.span === 2 ? { gridColumn: '1 / -1' } : undefined}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {item.label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {isEmpty(item.value) ? '—' : item.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3.5 }}>
      <Divider sx={{ mb: 3 }} />
      <Typography variant="h4" component="h2" sx={{ mb: 2.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function QueryState<T>({
  query,
  children,
  backTo,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** The list to go back to from a record that is not there (where the role may open it). */
  backTo?: string | undefined;
}) {
  if (query.isPending) return <DelayedLoader />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : undefined;
    if (status === 404) return <NotFoundState backTo={backTo} />;
    const retryable = status !== undefined && (status === 0 || status >= 500);
    return <ProblemAlert error={query.error} onRetry={retryable ? () => void query.refetch() : undefined} />;
  }
  return <>{children(query.data)}</>;
}

/** A record that is not there (or not the caller's to see): says so, with the way back to its list. */
function NotFoundState({ backTo }: { backTo: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{
        py: 6,
        px: 2,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        textAlign: 'center',
      }}
    >
      <SearchOffIcon aria-hidden sx={{ fontSize: 56, color: 'text.secondary', opacity: 0.7 }} />
      <Typography variant="h4" component="p">
        {t('problem.notFound')}
      </Typography>
      {backTo && (
        <Button
          component={RouterLink}
          to={backTo}
          variant="outlined"
          startIcon={
            <ArrowBackIcon
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }}
            />
          }
        >
          {t('common.backToList')}
        </Button>
      )}
    </Box>
  );
}
