import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DUE_INVOICE_PATH, LOCAL_STORAGE_KEYS, PRIMARY_COLOR } from '@lbs/contracts';
import { DelayedLoader } from '../../components/delayed-loader.tsx';
import { PiaDialog } from '../../features/pia/components/pia-dialog.tsx';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { useSettings } from '../../features/settings/settings-context.tsx';
import { lazyWithAreas } from '../../i18n/lazy-with-areas.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { readItem } from '../../lib/storage.ts';
import { saveLocale } from '../../shared-api/current-user/save-locale.ts';
import { Footer } from './footer.tsx';
import { SidebarContent } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

const FRAME_GAP = 20;

const SettingsDrawer = lazyWithAreas(
  () => import('../../features/settings/components/settings-drawer.tsx').then((m) => m.SettingsDrawer),
  ['settings'],
);

/** The authenticated shell: sidebar, top bar, page, footer, settings panel and the acknowledgement notice. */
export function AppLayout() {
  const { settings } = useSettings();
  const { me } = useCurrentUser();
  const location = useLocation();
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The settings panel's code loads the first time it is opened.
  const [settingsWanted, setSettingsWanted] = useState(false);
  const boxed = settings.layoutType === 'boxed';
  const framed = settings.layoutType === 'framed';
  const piaSigned = me.isPiaSigned || readItem('local', LOCAL_STORAGE_KEYS.isPiaSigned) === 'true';
  // Never on /due-invoice; with a due invoice every page is about to redirect there anyway.
  const showPia = !piaSigned && !me.hasDueInvoice && location.pathname !== DUE_INVOICE_PATH;
  // The language the user works in is the one their notifications are written in.
  useEffect(() => {
    saveLocale(settings.locale).catch((error: unknown) => console.error('Saving the language failed', error));
  }, [settings.locale]);

  return (
    <Box
      sx={{
        // The brand blue as the frame's surface (no text on it).
        bgcolor: framed ? PRIMARY_COLOR : 'background.default',
        minHeight: '100vh',
        p: framed && desktop ? `${FRAME_GAP}px` : 0,
      }}
    >
      <Box
        sx={{
          display: 'flex',
          bgcolor: 'background.default',
          minHeight: framed && desktop ? `calc(100vh - ${FRAME_GAP * 2}px)` : '100vh',
          ...(boxed ? { maxWidth: 1260, mx: 'auto', boxShadow: '0 0 24px rgba(0, 0, 0, 0.12)' } : {}),
          ...(framed && desktop ? { borderRadius: '12px', overflow: 'clip' } : {}),
        }}
      >
        {desktop ? (
          <Box
            sx={{
              flexShrink: 0,
              position: 'sticky',
              top: framed ? FRAME_GAP : 0,
              height: framed ? `calc(100vh - ${FRAME_GAP * 2}px)` : '100vh',
              alignSelf: 'flex-start',
            }}
          >
            <SidebarContent />
          </Box>
        ) : (
          <Drawer
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            slotProps={{ paper: { sx: { border: 0 } } }}
          >
            <SidebarContent onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <TopBar
            showMenuButton={!desktop}
            onOpenSidebar={() => setMobileOpen(true)}
            onOpenSettings={() => {
              setSettingsWanted(true);
              setSettingsOpen(true);
            }}
          />
          <Box component="main" id="main-content" sx={{ flexGrow: 1, p: { xs: 2, md: 3.5 } }}>
            <ErrorBoundary resetKey={location.pathname}>
              <Suspense fallback={<DelayedLoader />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          </Box>
          {settings.footer && <Footer fixed={settings.footerType === 'fixed'} />}
        </Box>
      </Box>
      {settingsWanted && (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      <PiaDialog open={showPia} />
    </Box>
  );
}
