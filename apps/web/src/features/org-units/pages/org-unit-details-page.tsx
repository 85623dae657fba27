import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, orgUnitSchema } from '@lbs/contracts';
import { DeleteButton } from '../../../components/confirm-dialog.tsx';
import { DetailsList, QueryState } from '../../../components/details-card.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useDeleteMutation, useDetailQuery } from '../../../lib/api/resource.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/permissions.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { ORG_UNITS, type OrgUnitKind } from '../api/org-units.ts';

/** /department-details/{id}, /zone-details/{id}, /designation-details/{id}. */
export function OrgUnitDetailsPage({ kind }: { kind: OrgUnitKind }) {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const unit = ORG_UNITS[kind];
  const query = useDetailQuery(unit.path, id, orgUnitSchema);
  const remove = useDeleteMutation(unit.path);
  const item = query.data;
  const listPath = canOpenRouteId(unit.routes.list, role) ? pathFor(unit.routes.list) : undefined;

  return (
    <PageFrame
      title={item?.name ?? t(`route.${unit.routes.details}`)}
      crumbs={[{ label: t(unit.area), ...(listPath ? { to: listPath } : {}) }]}
      actions={
        item && (
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            {allowed(kind, 'update') && canOpenRouteId(unit.routes.edit, role) && (
              <Button
                component={RouterLink}
                to={pathFor(unit.routes.edit, { id: item.id })}
                variant="contained"
                startIcon={<EditIcon />}
              >
                {t('org.action.edit')}
              </Button>
            )}
            {allowed(kind, 'delete') && (
              <DeleteButton
                name={item.name}
                onDelete={() => remove.mutateAsync(item.id)}
                onDeleted={() => {
                  notify(t('org.notice.deleted'));
                  void navigate(listPath ?? '/');
                }}
              />
            )}
          </Box>
        )
      }
    >
      <QueryState query={query}>
        {(data) => (
          <DetailsList
            items={[
              { label: t('org.fields.name'), value: data.name },
              { label: t('org.fields.company'), value: data.companyName },
              { label: t('org.fields.description'), value: data.description, span: 2 },
              { label: t('org.fields.msisdnCount'), value: data.msisdnCount.toLocaleString(i18n.language) },
              { label: t('org.fields.createdAt'), value: formatDateTime(i18n.language, data.createdAt) },
              { label: t('org.fields.updatedAt'), value: formatDateTime(i18n.language, data.updatedAt) },
            ]}
          />
        )}
      </QueryState>
    </PageFrame>
  );
}
