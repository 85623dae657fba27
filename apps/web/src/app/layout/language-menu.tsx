import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@lbs/contracts';
import { useSettings } from '../../features/settings/settings-context.tsx';
import { DeferredTooltip } from '../../components/deferred-tooltip.tsx';

/** Language button (accessible name "Language"); each language listed by its own name. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { settings, update } = useSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <DeferredTooltip title={t('topbar.language')}>
        <IconButton
          aria-label={t('topbar.language')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'language-menu' : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </DeferredTooltip>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem
            key={l.locale}
            lang={l.locale}
            selected={l.locale === settings.locale}
            onClick={() => {
              update({ locale: l.locale });
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              {l.locale === settings.locale ? <CheckIcon fontSize="small" /> : null}
            </ListItemIcon>
            <ListItemText>{l.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
