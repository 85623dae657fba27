import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { LOCAL_STORAGE_KEYS, type HierarchyMode, type Me } from '@lbs/contracts';
import { DelayedLoader } from '../components/delayed-loader.tsx';
import { GenericErrorScreen } from '../components/generic-error-screen.tsx';
import { ApiError, messageKeyFor } from '../lib/api/api-error.ts';
import { getAuthSnapshot, subscribeAuth } from '../lib/auth/auth-store.ts';
import { beginLogin, logout } from '../lib/auth/session.ts';
import { CurrentUserContext, toCurrentUser } from '../lib/current-user.ts';
import { HierarchyContext, resolveAndStoreHierarchy } from '../lib/hierarchy.ts';
import { writeItem } from '../lib/storage.ts';
import { meQueryOptions } from '../shared-api/current-user/get-me.ts';

function CurrentUserProviders({ me, children }: { me: Me; children: ReactNode }) {
  const currentUser = useMemo(() => toCurrentUser(me), [me]);
  const resolved = useMemo(() => resolveAndStoreHierarchy(me, currentUser.roles), [me, currentUser.roles]);
  const [chosen, setChosen] = useState<HierarchyMode | null>(null);
  const hierarchy = useMemo(
    () => ({
      canShowToggle: resolved.canShowToggle,
      mode: resolved.canShowToggle ? (chosen ?? resolved.mode) : resolved.mode,
      setMode: (mode: HierarchyMode) => {
        if (!resolved.canShowToggle) return;
        writeItem('local', LOCAL_STORAGE_KEYS.hierarchyMode, mode);
        setChosen(mode);
      },
    }),
    [resolved, chosen],
  );
  useEffect(() => {
    if (me.isPiaSigned) writeItem('local', LOCAL_STORAGE_KEYS.isPiaSigned, 'true');
  }, [me.isPiaSigned]);
  return (
    <CurrentUserContext.Provider value={currentUser}>
      <HierarchyContext.Provider value={hierarchy}>{children}</HierarchyContext.Provider>
    </CurrentUserContext.Provider>
  );
}

function CenteredMessage({
  message,
  action,
  onAction,
}: {
  message: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ maxWidth: 520, textAlign: 'center' }}>
        <Alert severity="error" sx={{ mb: 3, textAlign: 'start' }}>
          {message}
        </Alert>
        <Button variant="contained" onClick={onAction}>
          {action}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Everything under it needs a session: anonymous visitors leave for the provider's login (the path is kept for
 * afterwards); signed-in users get /me loaded before any page renders.
 */
export function RequireAuth() {
  const { t } = useTranslation();
  const location = useLocation();
  const auth = useSyncExternalStore(subscribeAuth, getAuthSnapshot);
  const signedIn = auth !== null;
  const [loginFailed, setLoginFailed] = useState(false);
  const me = useQuery({ ...meQueryOptions, enabled: signedIn });
  const returnTo = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (signedIn) return;
    setLoginFailed(false);
    beginLogin(returnTo).catch((error: unknown) => {
      console.error('Could not start the sign-in', error);
      setLoginFailed(true);
    });
    // Only a change of the signed-in state starts a login; later navigation does not (returnTo left out on purpose).
  }, [signedIn]);

  if (!signedIn) {
    if (loginFailed) {
      return (
        <CenteredMessage
          message={t('problem.unavailable')}
          action={t('common.retry')}
          onAction={() => {
            setLoginFailed(false);
            beginLogin(returnTo).catch(() => setLoginFailed(true));
          }}
        />
      );
    }
    return <DelayedLoader fullScreen />;
  }
  if (me.isPending) return <DelayedLoader fullScreen />;
  if (me.isError) {
    if (me.error instanceof ApiError && (me.error.status === 401 || me.error.status === 403)) {
      return (
        <CenteredMessage
          message={t(messageKeyFor(me.error))}
          action={t('auth.signInAgain')}
          onAction={() => void logout()}
        />
      );
    }
    return <GenericErrorScreen onRetry={() => void me.refetch()} />;
  }
  return (
    <CurrentUserProviders me={me.data}>
      <Outlet />
    </CurrentUserProviders>
  );
}
