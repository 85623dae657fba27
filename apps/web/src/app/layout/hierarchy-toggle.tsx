import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { HIERARCHY_MODES, type HierarchyMode } from '@lbs/contracts';
import { useHierarchy } from '../../lib/hierarchy.ts';

/** DEPARTMENT / ZONE switch, shown only where resolveHierarchy allows it (SPEC §4). */
export function HierarchyToggle() {
  const { t } = useTranslation();
  const { canShowToggle, mode, setMode } = useHierarchy();
  if (!canShowToggle) return null;
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={mode}
      aria-label={t('hierarchy.label')}
      onChange={(_event, next: HierarchyMode | null) => next && setMode(next)}
      sx={{
        '& .MuiToggleButton-root': {
          px: { xs: 1, sm: 1.5 },
          py: 0.5,
          whiteSpace: 'nowrap',
          fontSize: { xs: 12, sm: 13 },
        },
      }}
    >
      {HIERARCHY_MODES.map((m) => (
        <ToggleButton key={m} value={m}>
          {t(`hierarchy.${m}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
