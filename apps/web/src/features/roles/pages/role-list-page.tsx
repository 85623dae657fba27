import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlined';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, routeById, type RoleInfo } from '@lbs/contracts';
import { QueryState } from '../../../components/details-card.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useRoles } from '../api/list-roles.ts';

/** A route's title as a chip; a link when it has no parameters and the viewer may open it. */
function RouteChip({ id, path }: { id: string; path: string }) {
  const { t } = useTranslation();
  const { role } = useCurrentUser();
  const linkable = !path.includes(':') && canOpenRouteId(id, role) && routeById(id).path === path;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`route.${id}`)}
      title={path}
      {...(linkable ? { component: RouterLink, to: path, clickable: true } : {})}
    />
  );
}

function RoleCard({ info }: { info: RoleInfo }) {
  const { t, i18n } = useTranslation();
  return (
    <Card component="article" aria-labelledby={`role-${info.name}`}>
      <CardContent sx={{ p: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
          <Typography id={`role-${info.name}`} variant="h3" component="h2">
            {t(`role.${info.name}`)}
          </Typography>
          <Chip size="small" label={info.realmName} sx={{ fontFamily: 'monospace' }} />
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
            <PeopleOutlineIcon fontSize="small" aria-hidden />
            <Typography variant="body2">
              {t('org.role.userCount', {
                count: info.userCount,
                formatted: info.userCount.toLocaleString(i18n.language),
              })}
            </Typography>
          </Box>
        </Box>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          {t(`org.role.description.${info.name}`)}
        </Typography>
        <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
          {t('org.role.routes', { count: info.routes.length })}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
          {info.routes.map((route) => (
            <RouteChip key={route.id} id={route.id} path={route.path} />
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** /role/list (SuperAdmin): the four roles, highest first, with what each may open. */
export function RoleListPage() {
  const { t } = useTranslation();
  const query = useRoles();
  return (
    <PageFrame title={t('route.roleList')} crumbs={[{ label: t('sidebar.userManagement') }]} bare>
      <QueryState query={query}>
        {(page) => (
          <Box
            sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: '1fr 1fr' } }}
          >
            {[...page.items]
              .sort((a, b) => a.rank - b.rank)
              .map((info) => (
                <RoleCard key={info.name} info={info} />
              ))}
          </Box>
        )}
      </QueryState>
    </PageFrame>
  );
}
