/**
 * A record's fields as a two-column description list (one column on phones), for details pages.
 *
 *   <DetailsList items={[
 *     { label: t('org.fields.name'), value: company.name },
 *     { label: t('org.fields.address'), value: company.address, span: 2 },    // empty → '—'
 *   ]} />
 *   <DetailsSection title={t('org.company.sections.config')}>…</DetailsSection>   // a titled block under it
 *
 * Page states around it: <QueryState query={query}>{(data) => …}</QueryState> shows the delayed loader, then a
 * translated error with Retry (404 → "The requested item was not found."), then the children.
 */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { DelayedLoader } from './delayed-loader.tsx';
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
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
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
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <DelayedLoader />;
  if (query.isError) return <ProblemAlert error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
