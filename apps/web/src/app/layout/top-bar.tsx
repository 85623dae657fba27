import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../features/settings/settings-context.tsx';
import { HierarchyToggle } from './hierarchy-toggle.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { DeferredTooltip } from '../../components/deferred-tooltip.tsx';
import { lazyWithAreas } from '../../i18n/lazy-with-areas.ts';

// The bell loads after the first render with its texts (the schema library and the menu stay out of the first bundle).
const NotificationBell = lazyWithAreas(
  () =>
    import('../../features/notifications/components/notification-bell.tsx').then((m) => m.NotificationBell),
  ['notifications'],
);

export function TopBar({
  onOpenSidebar,
  onOpenSettings,
  showMenuButton,
}: {
  onOpenSidebar: () => void;
  onOpenSettings: () => void;
  showMenuButton: boolean;
}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <AppBar
      position={settings.headerType === 'fixed' ? 'sticky' : 'static'}
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', top: 0 }}
    >
      <Toolbar sx={{ minHeight: { xs: 64, sm: 70 }, gap: { xs: 0.25, sm: 1.5 }, px: { xs: 1.5, sm: 2 } }}>
        {showMenuButton && (
          <IconButton edge="start" aria-label={t('topbar.openMenu')} onClick={onOpenSidebar}>
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <HierarchyToggle />
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <LanguageMenu />
        <DeferredTooltip title={t('topbar.settings')}>
          <IconButton aria-label={t('topbar.settings')} onClick={onOpenSettings}>
            <TuneOutlinedIcon />
          </IconButton>
        </DeferredTooltip>
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
