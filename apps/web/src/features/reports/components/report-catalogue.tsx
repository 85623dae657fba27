import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReportKey } from '@lbs/contracts';
import { REPORT_GROUPS } from './report-groups.ts';

/** The reports the caller may run, grouped, each a card with its title and description. */
export function ReportCatalogue({
  available,
  selected,
  onSelect,
}: {
  available: readonly ReportKey[];
  selected: ReportKey | undefined;
  onSelect: (key: ReportKey) => void;
}) {
  const { t } = useTranslation();
  const groups = REPORT_GROUPS.map((group) => ({
    id: group.id,
    reports: group.reports.filter((key) => available.includes(key)),
  })).filter((group) => group.reports.length > 0);
  if (groups.length === 0)
    return <Typography color="text.secondary">{t('reports.catalogue.empty')}</Typography>;
  return (
    <Box component="nav" aria-label={t('reports.catalogue.label')}>
      {groups.map((group) => (
        <Box key={group.id} component="section" sx={{ mb: 2 }} aria-labelledby={`report-group-${group.id}`}>
          <Typography
            id={`report-group-${group.id}`}
            variant="overline"
            component="h2"
            sx={{ display: 'block', color: 'text.secondary', mb: 0.5 }}
          >
            {t(`reports.group.${group.id}`)}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            }}
          >
            {group.reports.map((key) => {
              const active = key === selected;
              return (
                <Card
                  key={key}
                  variant="outlined"
                  sx={{
                    borderColor: active ? 'primary.main' : 'divider',
                    borderWidth: active ? 2 : 1,
                    bgcolor: active ? 'action.selected' : 'background.paper',
                  }}
                >
                  <CardActionArea
                    onClick={() => onSelect(key)}
                    aria-current={active ? 'true' : undefined}
                    sx={{ height: '100%' }}
                  >
                    <CardContent sx={{ py: 1.5 }}>
                      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                        {t(`reports.${key}.title`)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t(`reports.${key}.description`)}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
