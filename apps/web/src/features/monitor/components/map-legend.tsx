import { useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { FRESHNESS, FRESHNESS_COLORS } from '../model/freshness.ts';
import { FreshnessDot } from './freshness-dot.tsx';
import { TRAIL_COLOR } from './trail-color.ts';

/**
 * What the colours and shapes on the map mean, in the map's top start corner: folded at first (open, it covers the
 * markers of that corner), opened with its header.
 */
export function MapLegend({
  offline,
  showTrail,
  floating = true,
}: {
  offline: boolean;
  showTrail: boolean;
  /** Placed by itself in the map's top start corner; false: laid out by the caller (stacked with other overlays). */
  floating?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Paper
      elevation={3}
      sx={{
        ...(floating ? { position: 'absolute', top: 12, insetInlineStart: 12 } : {}),
        borderRadius: 2,
        minWidth: 170,
        maxWidth: 250,
        overflow: 'hidden',
        opacity: 0.96,
      }}
    >
      <ButtonBase
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
        sx={{ width: '100%', justifyContent: 'space-between', px: 1.5, py: 0.75, gap: 1 }}
      >
        <Typography variant="h6" component="span">
          {t('monitor.legend.title')}
        </Typography>
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ButtonBase>
      <Collapse in={open} unmountOnExit>
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1.25, pt: 0.25, display: 'grid', gap: 0.75 }}
        >
          {FRESHNESS.map((f) => (
            <Tooltip key={f} title={t(`monitor.freshness.${f}.hint`)} placement="right">
              <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <FreshnessDot freshness={f} decorative />
                <Typography variant="body2">{t(`monitor.freshness.${f}`)}</Typography>
              </Box>
            </Tooltip>
          ))}
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 16,
                height: 16,
                borderRadius: '50%',
                bgcolor: FRESHNESS_COLORS.live,
                border: '2px solid #fff',
                boxShadow: 1,
                fontSize: 9,
                color: '#fff',
                display: 'grid',
                placeItems: 'center',
                ml: -0.375,
              }}
            >
              3
            </Box>
            <Typography variant="body2">{t('monitor.legend.cluster')}</Typography>
          </Box>
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box
              aria-hidden
              sx={{
                flexShrink: 0,
                width: 14,
                height: 14,
                borderRadius: '50%',
                bgcolor: 'rgba(22,163,74,0.15)',
                border: '1px solid rgba(22,163,74,0.6)',
                ml: -0.25,
              }}
            />
            <Typography variant="body2">{t('monitor.legend.accuracy')}</Typography>
          </Box>
          {showTrail && (
            <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box
                aria-hidden
                sx={{ flexShrink: 0, width: 14, height: 3, borderRadius: 2, bgcolor: TRAIL_COLOR }}
              />
              <Typography variant="body2">{t('monitor.legend.trail')}</Typography>
            </Box>
          )}
          {offline && (
            <Tooltip title={t('monitor.basemap.offlineHint')} placement="right">
              <Box
                component="li"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}
              >
                <CloudOffIcon sx={{ fontSize: 14 }} aria-hidden />
                <Typography variant="body2">{t('monitor.basemap.offline')}</Typography>
              </Box>
            </Tooltip>
          )}
        </Box>
      </Collapse>
    </Paper>
  );
}
