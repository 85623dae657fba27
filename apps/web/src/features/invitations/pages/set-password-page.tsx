import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_POST_LOGIN_PATH,
  invitationAcceptFormSchema,
  PIN_LENGTH,
  type InvitationAccepted,
  type InvitationAcceptForm,
} from '@lbs/contracts';
import { AppLogo } from '../../../components/app-logo.tsx';
import { FormTextField } from '../../../components/form-fields.tsx';
import { FormProblemAlert } from '../../../components/problem-alert.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { useProblemSubmit } from '../../../lib/api/form-errors.ts';
import { beginLogin } from '../../../lib/auth/session.ts';
import { useSetPassword } from '../api/accept-invitation.ts';

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;

function SignInButton() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <>
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('problem.unavailable')}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        onClick={() => {
          setFailed(false);
          beginLogin(DEFAULT_POST_LOGIN_PATH).catch(() => setFailed(true));
        }}
      >
        {t('org.setPassword.signIn')}
      </Button>
    </>
  );
}

/**
 * /set-password (public, no layout): an invited user enters the e-mail (prefilled from ?email=), the security code
 * from the invitation e-mail and a new password; then signs in normally.
 */
export function SetPasswordPage({ headerActions }: { headerActions?: ReactNode }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const setPassword = useSetPassword();
  const [done, setDone] = useState<InvitationAccepted | null>(null);
  const [visible, setVisible] = useState(false);
  const email = search.get('email') ?? '';
  const form = useForm<InvitationAcceptForm>({
    resolver: zodResolver(invitationAcceptFormSchema),
    defaultValues: { email, code: '', password: '', confirmPassword: '' },
    mode: 'onTouched',
  });

  const { submit, problem, clearProblem } = useProblemSubmit(
    form,
    FIELDS,
    async ({ email: address, code, password }) => {
      try {
        setDone(await setPassword.mutateAsync({ email: address, code, password }));
      } catch (error) {
        // A wrong code belongs to the code field; an expired one or too many attempts need a new invitation.
        if (error instanceof ApiError && error.code === 'invitation.codeInvalid') {
          form.setError('code', { type: 'server', message: error.code }, { shouldFocus: true });
          return;
        }
        throw error;
      }
    },
  );

  const toggle = (
    <InputAdornment position="end">
      <IconButton
        edge="end"
        aria-label={t(visible ? 'account.hidePassword' : 'account.showPassword')}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
      </IconButton>
    </InputAdornment>
  );

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ maxWidth: 480, width: '100%', p: { xs: 3, sm: 4 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            mb: 3,
            color: 'text.primary',
          }}
        >
          <AppLogo />
          {headerActions}
        </Box>
        <Typography variant="h1" component="h1" sx={{ mb: 1 }}>
          {t('org.setPassword.title')}
        </Typography>
        {done ? (
          <>
            <Alert severity="success" role="status" sx={{ my: 2.5 }}>
              {t('aws.passwordSetSuccessfully')}
            </Alert>
            <Typography sx={{ mb: 3 }}>
              {t('org.setPassword.usernameIs', { username: done.username })}
            </Typography>
            <SignInButton />
          </>
        ) : (
          <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.25 }}>
            <Alert severity="info" role="note" sx={{ mt: 1 }}>
              <AlertTitle>{t('aws.codeSent')}</AlertTitle>
              {t('org.setPassword.intro')}
            </Alert>
            <FormProblemAlert outcome={problem} onClose={clearProblem} />
            <FormTextField
              control={form.control}
              name="email"
              type="email"
              label={t('common.email')}
              required
              autoComplete="email"
              autoFocus={!email}
            />
            <FormTextField
              control={form.control}
              name="code"
              label={t('org.setPassword.code')}
              required
              autoComplete="one-time-code"
              autoFocus={Boolean(email)}
              helperText={t('org.setPassword.codeHint', { count: PIN_LENGTH })}
              slotProps={{
                htmlInput: { inputMode: 'numeric', maxLength: PIN_LENGTH, pattern: '[0-9]*', dir: 'ltr' },
              }}
            />
            <FormTextField
              control={form.control}
              name="password"
              type={visible ? 'text' : 'password'}
              label={t('account.newPassword')}
              required
              autoComplete="new-password"
              slotProps={{ input: { endAdornment: toggle } }}
            />
            <FormTextField
              control={form.control}
              name="confirmPassword"
              type={visible ? 'text' : 'password'}
              label={t('account.confirmPassword')}
              required
              autoComplete="new-password"
            />
            <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
              {t('org.setPassword.submit')}
            </Button>
          </Box>
        )}
      </Card>
    </Box>
  );
}
