/**
 * The top bar's menus themselves (MUI's Menu with its popover, transition and items), loaded the first time one is
 * about to open (the pointer over its button, focus, or a click) rather than with the first bundle: every page shows
 * the buttons, few visits open the menus.
 */
import { useNavigate } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import { useTranslation } from 'react-i18next';
import { LOCALES, routeById } from '@lbs/contracts';
import { useSettings } from '../../features/settings/settings-context.tsx';
import { logout } from '../../lib/auth/session.ts';

interface PopupProps {
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** Change Password and Logout (SPEC §2). */
export function UserMenuPopup({ anchor, onClose }: PopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Menu
      id="user-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem
        onClick={() => {
          onClose();
          void navigate(routeById('changePassword').path);
        }}
      >
        <ListItemIcon>
          <LockResetOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('topbar.changePassword')}</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        <ListItemIcon>
          <LogoutOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('topbar.logout')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}

/** Each language by its own name, the current one checked. */
export function LanguageMenuPopup({ anchor, onClose }: PopupProps) {
  const { settings, update } = useSettings();
  return (
    <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LOCALES.map((l) => (
        <MenuItem
          key={l.locale}
          lang={l.locale}
          selected={l.locale === settings.locale}
          onClick={() => {
            update({ locale: l.locale });
            onClose();
          }}
        >
          <ListItemIcon>{l.locale === settings.locale ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{l.name}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
