import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { User } from '@lbs/contracts';
import { DetailsList, DetailsSection } from '../../../components/details-card.tsx';
import { EntityDetailsPage, useListCrumb } from '../../../components/entity-pages.tsx';
import { countryName, formatDate, formatDateTime } from '../../../lib/format.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { userQueryOptions } from '../api/get-user.ts';
import { InvitationChip } from '../components/invitation-chip.tsx';
import { ResendInvitationButton } from '../components/resend-invitation-button.tsx';

export function UserDetails({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <>
      <DetailsList
        items={[
          { label: t('org.user.fields.fullName'), value: user.fullName },
          { label: t('org.user.fields.username'), value: user.username },
          { label: t('common.email'), value: user.email },
          { label: t('org.user.fields.phoneNo'), value: user.phoneNo && <bdi>{user.phoneNo}</bdi> },
          { label: t('org.user.fields.birthDate'), value: formatDate(locale, user.birthDate) },
          { label: t('org.fields.country'), value: countryName(locale, user.country) },
          { label: t('org.fields.address'), value: user.address, span: 2 },
        ]}
      />
      <DetailsSection title={t('org.user.sections.access')}>
        <DetailsList
          items={[
            {
              label: t('org.user.fields.roles'),
              value: (
                <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
                  {user.roles.map((r) => (
                    <Chip key={r} size="small" label={t(`role.${r}`)} />
                  ))}
                </Box>
              ),
            },
            {
              label: t('org.user.fields.active'),
              value: (
                <Chip
                  size="small"
                  variant="outlined"
                  color={user.active ? 'success' : 'default'}
                  label={user.active ? t('org.user.active') : t('org.user.inactive')}
                />
              ),
            },
            { label: t('org.fields.company'), value: user.companyName },
            { label: t('org.fields.designation'), value: user.designationName },
            { label: t('org.fields.department'), value: user.departmentName },
            { label: t('org.fields.zone'), value: user.zoneName },
            {
              label: t('org.user.fields.invitation'),
              value: <InvitationChip status={user.invitationStatus} expiresAt={user.invitationExpiresAt} />,
            },
            { label: t('org.fields.createdAt'), value: formatDateTime(locale, user.createdAt) },
            { label: t('org.user.fields.notes'), value: user.notes, span: 2 },
          ]}
        />
      </DetailsSection>
    </>
  );
}

/** /user-details/{id}: a portal user's profile, roles and invitation state; actions for a SuperAdmin. */
export function UserDetailsPage() {
  const { t } = useTranslation();
  return (
    <EntityDetailsPage
      detail={userQueryOptions}
      remove={useDeleteUser()}
      routes={{ list: 'userList', edit: 'userEdit' }}
      title={t('route.userDetails')}
      nameOf={(user) => user.fullName}
      crumbs={[{ label: t('sidebar.userManagement') }, useListCrumb(t('sidebar.users'), 'userList')]}
      actions={(user, buttons) => (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <ResendInvitationButton user={user} />
          {buttons}
        </Box>
      )}
    >
      {(data) => <UserDetails user={data} />}
    </EntityDetailsPage>
  );
}
