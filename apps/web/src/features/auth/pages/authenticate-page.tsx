import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../../../components/app-logo.tsx';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { ApiError } from '../../../lib/api/api-error.ts';
import { getAuthSnapshot } from '../../../lib/auth/auth-store.ts';
import { readPendingLogin } from '../../../lib/auth/oidc.ts';
import {
  beginLogin,
  completeLogin,
  LoginError,
  logout,
  type LoginFailureReason,
} from '../../../lib/auth/session.ts';
import { meQueryOptions } from '../../../shared-api/current-user/get-me.ts';

/** One exchange per code, even when React runs the effect twice (StrictMode) — a code is single-use. */
const exchanges = new Map<string, Promise<string>>();

function completeOnce(search: string): Promise<string> {
  const key = new URLSearchParams(search).get('code') ?? search;
  let pending = exchanges.get(key);
  if (!pending) {
    pending = completeLogin(search);
    exchanges.set(key, pending);
  }
  return pending;
}

/** /authenticate: the login callback (public, no layout). */
export function AuthenticatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<LoginFailureReason | null>(null);

  useEffect(() => {
    let cancelled = false;
    const search = window.location.search;
    // Back/forward onto a used callback while signed in: nothing to complete, just go on.
    if (getAuthSnapshot() && !readPendingLogin().state) {
      void navigate('/', { replace: true });
      return;
    }
    (async () => {
      const target = await completeOnce(search);
      await queryClient.fetchQuery(meQueryOptions).catch((error: unknown) => {
        throw new LoginError('profile', error instanceof ApiError ? error.code : String(error));
      });
      if (!cancelled) void navigate(target, { replace: true });
    })().catch((error: unknown) => {
      console.error('Sign-in failed', error);
      if (!cancelled) setFailure(error instanceof LoginError ? error.reason : 'exchange');
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      {failure ? (
        <Card sx={{ maxWidth: 520, width: '100%', p: 4 }}>
          <Box sx={{ mb: 3, color: 'text.primary' }}>
            <AppLogo />
          </Box>
          <Alert severity="error" sx={{ mb: 3 }}>
            <AlertTitle>{t('auth.signInFailed')}</AlertTitle>
            {t(`auth.error.${failure}`)}
          </Alert>
          {/* The provider session is fine when only the portal profile failed: end it so another account can sign in. */}
          <Button variant="contained" onClick={() => void (failure === 'profile' ? logout() : beginLogin())}>
            {t('auth.signInAgain')}
          </Button>
        </Card>
      ) : (
        <Box sx={{ textAlign: 'center' }}>
          <DelayedLoader />
          <Box component="p" sx={{ color: 'text.secondary', m: 0 }} role="status">
            {t('auth.signingIn')}
          </Box>
        </Box>
      )}
    </Box>
  );
}
