import { Suspense, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '../../components/deferred-tooltip.tsx';
import { LanguageMenuPopup, preloadMenus } from './lazy-menus.ts';

/** Language button (accessible name "Language"); each language listed by its own name. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu is loaded and mounted from its first opening on (lazy-menus.ts).
  const [opened, setOpened] = useState(false);
  return (
    <>
      <DeferredTooltip title={t('topbar.language')}>
        <IconButton
          aria-label={t('topbar.language')}
          aria-haspopup="menu"
          aria-controls={anchor ? 'language-menu' : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => {
            setOpened(true);
            setAnchor(event.currentTarget);
          }}
          onPointerEnter={preloadMenus}
          onFocus={preloadMenus}
        >
          <TranslateIcon />
        </IconButton>
      </DeferredTooltip>
      {opened && (
        <Suspense fallback={null}>
          <LanguageMenuPopup anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
