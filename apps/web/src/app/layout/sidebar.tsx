import { useState } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import {
  isSidebarGroup,
  routeById,
  sidebarFor,
  SIDEBAR_WIDTH,
  type SidebarGroup,
  type SidebarItem,
} from '@lbs/contracts';
import { AppLogo } from '../../components/app-logo.tsx';
import { useSettings } from '../../features/settings/settings-context.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { SIDEBAR_COLORS, type SidebarColors } from '../../theme/sidebar-colors.ts';
import { SIDEBAR_IMAGE_URLS } from '../../theme/sidebar-images.ts';
import { menuItemSx } from './menu-item-styles.ts';
import { SIDEBAR_ICONS } from './sidebar-icons.tsx';

function SidebarLink({
  item,
  nested,
  colors,
  onNavigate,
}: {
  item: SidebarItem;
  nested: boolean;
  colors: SidebarColors;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  return (
    <ListItemButton
      component={NavLink}
      to={routeById(item.routeId).path}
      onClick={onNavigate}
      sx={menuItemSx(settings.menuStyle, colors, nested)}
    >
      <ListItemIcon aria-hidden>{SIDEBAR_ICONS[item.id]}</ListItemIcon>
      <ListItemText primary={t(`sidebar.${item.id}`)} />
    </ListItemButton>
  );
}

function SidebarGroupEntry({
  group,
  colors,
  onNavigate,
}: {
  group: SidebarGroup;
  colors: SidebarColors;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { pathname } = useLocation();
  const containsActive = group.children.some((c) => matchPath(routeById(c.routeId).path, pathname));
  const [open, setOpen] = useState(containsActive);
  const listId = `sidebar-group-${group.id}`;
  return (
    <>
      <ListItemButton
        component="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        sx={{ ...menuItemSx(settings.menuStyle, colors, false), textAlign: 'start', font: 'inherit' }}
      >
        <ListItemIcon aria-hidden>{SIDEBAR_ICONS[group.id]}</ListItemIcon>
        <ListItemText primary={t(`sidebar.${group.id}`)} />
        {open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit={false}>
        <List id={listId} disablePadding>
          {group.children.map((child) => (
            <li key={child.id}>
              <SidebarLink item={child} nested colors={colors} onNavigate={onNavigate} />
            </li>
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The sidebar: logo, then the SPEC §2 entries the user's role may open (sidebarFor from contracts). */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { role } = useCurrentUser();
  const { settings } = useSettings();
  const colors = SIDEBAR_COLORS[settings.sidebarColorSet];
  const image = settings.sidebarImage.enabled ? SIDEBAR_IMAGE_URLS[settings.sidebarImage.id] : null;
  // The whole sidebar is the navigation landmark, the logo included (no content outside a landmark).
  return (
    <Box
      component="nav"
      aria-label={t('sidebar.label')}
      sx={{
        width: SIDEBAR_WIDTH,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        color: colors.text,
        bgcolor: colors.background,
        backgroundImage: image
          ? `linear-gradient(${colors.overlay}, ${colors.overlay}), url("${image}")`
          : 'none',
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        borderRight: 1,
        borderColor: colors.divider,
      }}
    >
      <Box
        sx={{ height: 70, flexShrink: 0, display: 'flex', alignItems: 'center', px: 2.5, color: colors.text }}
      >
        <AppLogo />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', pb: 2 }}>
        <List disablePadding>
          {sidebarFor(role).map((entry) => (
            <li key={entry.id}>
              {isSidebarGroup(entry) ? (
                <SidebarGroupEntry group={entry} colors={colors} onNavigate={onNavigate} />
              ) : (
                <SidebarLink item={entry} nested={false} colors={colors} onNavigate={onNavigate} />
              )}
            </li>
          ))}
        </List>
      </Box>
    </Box>
  );
}
