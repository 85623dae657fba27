import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { EntityEditPage } from '../../../components/entity-pages.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { firstOpenablePath } from '../../../lib/route-links.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { userQueryOptions } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { InvitationChip } from '../components/invitation-chip.tsx';
import { ResendInvitationButton } from '../components/resend-invitation-button.tsx';
import { UserForm } from '../components/user-form.tsx';
import { emptyUserForm, userToForm } from '../model/user-form.ts';
import { userListRouteId, useUserListCrumbs } from '../paths.ts';

/** /user/add (SuperAdmin): the new user gets an invitation e-mail with a security code. */
export function UserAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const create = useCreateUser();
  return (
    <PageFrame title={t('route.userAdd')} crumbs={useUserListCrumbs()}>
      <UserForm
        defaultValues={emptyUserForm()}
        submitLabel={t('org.user.createAndInvite')}
        onCancel={() => void navigate(-1)}
        onSubmit={async (values) => {
          const user = await create.mutateAsync(values);
          notify(t('org.user.created', { email: user.email }));
          void navigate(firstOpenablePath(role, ['userDetails', 'userEdit'], { id: user.id }) ?? '/');
        }}
      />
    </PageFrame>
  );
}

/** /user-details/edit/{id} (SuperAdmin): profile, roles, placement, active; resend the invitation; delete. */
export function UserEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { role } = useCurrentUser();
  return (
    <EntityEditPage
      detail={userQueryOptions}
      remove={useDeleteUser()}
      update={useUpdateUser()}
      routes={{ list: userListRouteId(role), details: 'userDetails' }}
      title={t('route.userEdit')}
      nameOf={(user) => user.fullName}
      crumbs={useUserListCrumbs()}
      actions={(user, deleteButton) => (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <InvitationChip status={user.invitationStatus} expiresAt={user.invitationExpiresAt} />
          <ResendInvitationButton user={user} />
          {deleteButton}
        </Box>
      )}
    >
      {(data, save) => (
        <UserForm
          key={data.updatedAt}
          defaultValues={userToForm(data)}
          submitLabel={t('org.action.save')}
          onCancel={() => void navigate(-1)}
          onSubmit={save}
        />
      )}
    </EntityEditPage>
  );
}
