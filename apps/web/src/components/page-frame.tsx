import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export interface Crumb {
  label: string;
  to?: string;
}

/** Page header (title + breadcrumb trail) and the page's card. */
export function PageFrame({
  title,
  crumbs = [],
  actions,
  children,
  bare = false,
}: {
  title: string;
  crumbs?: Crumb[];
  actions?: ReactNode;
  children: ReactNode;
  /** Render children without the surrounding card. */
  bare?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 2,
          mb: 2.5,
        }}
      >
        <Box>
          <Typography variant="h1" component="h1" sx={{ mb: 0.5 }}>
            {title}
          </Typography>
          <Breadcrumbs aria-label={t('common.breadcrumb')} sx={{ fontSize: 13 }}>
            <Link component={RouterLink} to="/" underline="hover" color="inherit">
              {t('common.home')}
            </Link>
            {crumbs.map((crumb) =>
              crumb.to ? (
                <Link
                  key={crumb.label}
                  component={RouterLink}
                  to={crumb.to}
                  underline="hover"
                  color="inherit"
                >
                  {crumb.label}
                </Link>
              ) : (
                <Typography key={crumb.label} sx={{ fontSize: 13, color: 'text.secondary' }}>
                  {crumb.label}
                </Typography>
              ),
            )}
            <Typography sx={{ fontSize: 13, color: 'text.primary' }} aria-current="page">
              {title}
            </Typography>
          </Breadcrumbs>
        </Box>
        {actions}
      </Box>
      {bare ? (
        children
      ) : (
        <Card>
          <CardContent sx={{ p: { xs: 2.5, md: 3.5 }, '&:last-child': { pb: { xs: 2.5, md: 3.5 } } }}>
            {children}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
