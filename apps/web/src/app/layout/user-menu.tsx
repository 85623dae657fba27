import { Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/current-user.ts';
import { preloadMenus, UserMenuPopup } from './lazy-menus.ts';

/** Display name (fallback 'Admin User') opening Change Password and Logout (SPEC §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const { me, role } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is loaded and mounted from its first opening on (lazy-menus.ts).
  const [opened, setOpened] = useState(false);
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
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preloadMenus}
        onFocus={preloadMenus}
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
      {opened && (
        <Suspense fallback={null}>
          <UserMenuPopup anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
