import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { LOCALES, type LocaleCode } from '@lbs/contracts';
import { SIDEBAR_COLORS } from '../../../theme/sidebar-colors.ts';
import { SIDEBAR_IMAGE_URLS } from '../../../theme/sidebar-images.ts';
import { useSettings } from '../settings-context.tsx';
import {
  FOOTER_TYPES,
  HEADER_TYPES,
  LAYOUT_TYPES,
  MENU_STYLES,
  SIDEBAR_COLOR_SETS,
  SIDEBAR_IMAGES,
  THEME_MODES,
  THEME_STYLES,
  type SidebarColorSet,
  type SidebarImageId,
} from '../settings-model.ts';
import { ChoiceGroup, SettingsSection } from './settings-section.tsx';

/** The settings panel (SPEC §3 client-held settings), persisted in this browser. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings, update, reset } = useSettings();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 340 } }, 'aria-labelledby': 'settings-title' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2.5, py: 2 }}>
        <Typography id="settings-title" variant="h3" component="h2">
          {t('settings.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('common.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ px: 2.5, py: 2.5, overflowY: 'auto' }}>
        <SettingsSection id="settings-theme-style" title={t('settings.themeStyle')}>
          <ChoiceGroup
            labelledBy="settings-theme-style"
            value={settings.themeStyle}
            options={THEME_STYLES}
            onChange={(themeStyle) => update({ themeStyle })}
            label={(v) => t(`settings.themeStyle.${v}`)}
          />
        </SettingsSection>
        <SettingsSection id="settings-mode" title={t('settings.mode')}>
          <ChoiceGroup
            labelledBy="settings-mode"
            value={settings.themeMode}
            options={THEME_MODES}
            onChange={(themeMode) => update({ themeMode })}
            label={(v) => t(`settings.mode.${v}`)}
          />
        </SettingsSection>
        <SettingsSection id="settings-language" title={t('settings.language')}>
          <TextField
            select
            fullWidth
            size="small"
            value={settings.locale}
            onChange={(event) => update({ locale: event.target.value as LocaleCode })}
            slotProps={{ htmlInput: { 'aria-labelledby': 'settings-language' } }}
          >
            {LOCALES.map((l) => (
              <MenuItem key={l.locale} value={l.locale} lang={l.locale}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
        </SettingsSection>
        <SettingsSection id="settings-layout" title={t('settings.layout')}>
          <ChoiceGroup
            labelledBy="settings-layout"
            value={settings.layoutType}
            options={LAYOUT_TYPES}
            onChange={(layoutType) => update({ layoutType })}
            label={(v) => t(`settings.layout.${v}`)}
          />
        </SettingsSection>
        <SettingsSection id="settings-header" title={t('settings.header')}>
          <ChoiceGroup
            labelledBy="settings-header"
            value={settings.headerType}
            options={HEADER_TYPES}
            onChange={(headerType) => update({ headerType })}
            label={(v) => t(`settings.position.${v}`)}
          />
        </SettingsSection>
        <SettingsSection id="settings-footer" title={t('settings.footer')}>
          <FormControlLabel
            control={
              <Switch
                checked={settings.footer}
                onChange={(event) => update({ footer: event.target.checked })}
              />
            }
            label={t('settings.footer.show')}
            sx={{ mb: 1 }}
          />
          {settings.footer && (
            <ChoiceGroup
              labelledBy="settings-footer"
              value={settings.footerType}
              options={FOOTER_TYPES}
              onChange={(footerType) => update({ footerType })}
              label={(v) => t(`settings.position.${v}`)}
            />
          )}
        </SettingsSection>
        <SettingsSection id="settings-menu-style" title={t('settings.menuStyle')}>
          <ChoiceGroup
            labelledBy="settings-menu-style"
            value={settings.menuStyle}
            options={MENU_STYLES}
            vertical
            onChange={(menuStyle) => update({ menuStyle })}
            label={(v) => t(`settings.menuStyle.${v}`)}
          />
        </SettingsSection>
        <SettingsSection id="settings-sidebar-colors" title={t('settings.sidebarColors')}>
          <ToggleButtonGroup
            exclusive
            value={settings.sidebarColorSet}
            aria-labelledby="settings-sidebar-colors"
            onChange={(_event, next: SidebarColorSet | null) => next && update({ sidebarColorSet: next })}
            sx={{ gap: 1, flexWrap: 'wrap' }}
          >
            {SIDEBAR_COLOR_SETS.map((id) => {
              const colors = SIDEBAR_COLORS[id];
              return (
                <ToggleButton
                  key={id}
                  value={id}
                  aria-label={t(`settings.sidebarColors.${id}`)}
                  title={t(`settings.sidebarColors.${id}`)}
                  sx={{
                    width: 48,
                    height: 48,
                    p: 0,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: '10px !important',
                    background: `linear-gradient(135deg, ${colors.background} 60%, ${colors.selectedBackground} 60%)`,
                    '&.Mui-selected, &.Mui-selected:hover': {
                      background: `linear-gradient(135deg, ${colors.background} 60%, ${colors.selectedBackground} 60%)`,
                      outline: '2px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: 2,
                    },
                  }}
                >
                  {settings.sidebarColorSet === id && <CheckIcon sx={{ color: colors.text, fontSize: 20 }} />}
                </ToggleButton>
              );
            })}
          </ToggleButtonGroup>
        </SettingsSection>
        <SettingsSection id="settings-sidebar-image" title={t('settings.sidebarImage')}>
          <FormControlLabel
            control={
              <Switch
                checked={settings.sidebarImage.enabled}
                onChange={(event) =>
                  update({ sidebarImage: { ...settings.sidebarImage, enabled: event.target.checked } })
                }
              />
            }
            label={t('settings.sidebarImage.show')}
            sx={{ mb: 1 }}
          />
          <ToggleButtonGroup
            exclusive
            value={settings.sidebarImage.enabled ? settings.sidebarImage.id : null}
            aria-labelledby="settings-sidebar-image"
            onChange={(_event, next: SidebarImageId | null) =>
              next && update({ sidebarImage: { enabled: true, id: next } })
            }
            sx={{ gap: 1, flexWrap: 'wrap' }}
          >
            {SIDEBAR_IMAGES.map((id) => (
              <ToggleButton
                key={id}
                value={id}
                aria-label={t(`settings.sidebarImage.${id}`)}
                title={t(`settings.sidebarImage.${id}`)}
                sx={{
                  width: 56,
                  height: 84,
                  p: 0,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '10px !important',
                  backgroundImage: `url("${SIDEBAR_IMAGE_URLS[id]}")`,
                  backgroundSize: 'cover',
                  '&.Mui-selected': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                }}
              >
                {settings.sidebarImage.enabled && settings.sidebarImage.id === id && (
                  <CheckIcon sx={{ color: '#fff' }} />
                )}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </SettingsSection>
        <Button variant="outlined" fullWidth onClick={reset}>
          {t('settings.reset')}
        </Button>
      </Box>
    </Drawer>
  );
}
