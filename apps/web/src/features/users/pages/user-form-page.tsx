import { useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, userSchema } from '@lbs/contracts';
import { DeleteButton } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/details-card.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import {
  useCreateMutation,
  useDeleteMutation,
  useDetailQuery,
  useUpdateMutation,
} from '../../../lib/api/resource.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { firstOpenablePath, pathFor } from '../../../lib/route-links.ts';
import { emptyUserForm, USERS_PATH, userToForm } from '../api/users.ts';
import { InvitationChip } from '../components/invitation-chip.tsx';
import { ResendInvitationButton } from '../components/resend-invitation-button.tsx';
import { UserForm } from '../components/user-form.tsx';

function useCrumbs() {
  const { t } = useTranslation();
  const { role } = useCurrentUser();
  return [
    { label: t('sidebar.userManagement') },
    { label: t('sidebar.users'), ...(canOpenRouteId('userList', role) ? { to: pathFor('userList') } : {}) },
  ];
}

/** /user/add (SuperAdmin): the new user gets an invitation e-mail with a security code. */
export function UserAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const create = useCreateMutation(USERS_PATH, userSchema);
  return (
    <PageFrame title={t('route.userAdd')} crumbs={useCrumbs()}>
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
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const query = useDetailQuery(USERS_PATH, id, userSchema);
  const update = useUpdateMutation(USERS_PATH, userSchema);
  const remove = useDeleteMutation(USERS_PATH);
  const user = query.data;
  return (
    <PageFrame
      title={user ? `${t('route.userEdit')}: ${user.fullName}` : t('route.userEdit')}
      crumbs={useCrumbs()}
      actions={
        user && (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <InvitationChip status={user.invitationStatus} expiresAt={user.invitationExpiresAt} />
            <ResendInvitationButton user={user} />
            {allowed('user', 'delete') && (
              <DeleteButton
                name={user.fullName}
                onDelete={() => remove.mutateAsync(user.id)}
                onDeleted={() => {
                  notify(t('org.notice.deleted'));
                  void navigate(canOpenRouteId('userList', role) ? pathFor('userList') : '/');
                }}
              />
            )}
          </Box>
        )
      }
    >
      <QueryState query={query}>
        {(data) => (
          <UserForm
            key={data.updatedAt}
            defaultValues={userToForm(data)}
            submitLabel={t('org.action.save')}
            onCancel={() => void navigate(-1)}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ id: data.id, body: values });
              notify(t('org.notice.saved'));
              const details = firstOpenablePath(role, ['userDetails'], { id: saved.id });
              if (details) void navigate(details);
            }}
          />
        )}
      </QueryState>
    </PageFrame>
  );
}
