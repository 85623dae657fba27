import { useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import { useTranslation } from 'react-i18next';
import { routeById } from '@lbs/contracts';
import { logout } from '../../lib/auth/session.ts';
import { useCurrentUser } from '../../lib/current-user.ts';

/** Display name (fallback 'Admin User') opening Change Password and Logout (SPEC §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, role } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = me.fullName.trim() || t('topbar.adminUser');
  const initials = name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <>
      <ButtonBase
        aria-haspopup="menu"
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: 30, px: { xs: 0.5, sm: 1 }, py: 0.5, gap: 1.25, textAlign: 'start' }}
      >
        <Avatar
          sx={{
            width: 36,
            height: 36,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
            fontSize: 14,
          }}
          alt=""
        >
          {initials}
        </Avatar>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <Typography sx={{ fontWeight: 600, lineHeight: 1.2 }}>{name}</Typography>
          {role && (
            <Typography sx={{ fontSize: 12, color: 'text.secondary', lineHeight: 1.2 }}>
              {t(`role.${role}`)}
            </Typography>
          )}
        </Box>
        <ExpandMoreIcon fontSize="small" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
      </ButtonBase>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem
          onClick={() => {
            setAnchor(null);
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
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topbar.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
