/**
 * A small map of one MSISDN: its last known position (with the accuracy circle) and a recent trail. MapLibre is
 * downloaded on first use; without WebGL 2 a translated note takes its place.
 *
 *   <MiniMap position={{ lat, lon, accuracyM }} trail={history.items} height={260} />
 *
 * The caller fetches the data (GET /msisdns/{id}/positions for the trail, oldest first; the last item or the
 * Monitor's position for `position`). Positions are WGS 84 degrees.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { LatLon } from '../lib/map/geometry.ts';
import { mapLocale } from '../lib/map/map-locale.ts';
import { isWebGL2Available } from '../lib/map/webgl.ts';
import { MapUnavailable } from './map-unavailable.tsx';
import type { MiniMapEngine } from './mini-map-engine.ts';

export interface MiniMapProps {
  /** Last known position; null or undefined: none yet (the map shows the trail, or the world). */
  position?: (LatLon & { accuracyM?: number | null }) | null;
  /** Recent positions, oldest first. */
  trail?: readonly LatLon[];
  height?: number | string;
  /** Accessible name of the map (default: "Last known position"). */
  label?: string;
}

const NO_TRAIL: readonly LatLon[] = [];

export function MiniMap({ position = null, trail = NO_TRAIL, height = 240, label }: MiniMapProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const rtl = theme.direction === 'rtl';
  const container = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<MiniMapEngine | null>(null);
  const [unavailable, setUnavailable] = useState(() => !isWebGL2Available());
  const darkRef = useRef(dark);
  darkRef.current = dark;

  useEffect(() => {
    if (!isWebGL2Available()) return;
    let cancelled = false;
    let created: MiniMapEngine | undefined;
    import('./mini-map-engine.ts').then(
      ({ MiniMapEngine }) => {
        if (cancelled || !container.current) return;
        try {
          created = new MiniMapEngine({
            container: container.current,
            dark: darkRef.current,
            rtl,
            locale: mapLocale(t),
            language: i18n.language,
          });
          setEngine(created);
        } catch (error) {
          console.error('The map could not start', error);
          setUnavailable(true);
        }
      },
      (error: unknown) => {
        console.error('The map could not be loaded', error);
        if (!cancelled) setUnavailable(true);
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
      setEngine(null);
    };
    // `t` follows the language: i18n.language is the trigger.
  }, [i18n.language, rtl]);

  useEffect(() => engine?.setDark(dark), [engine, dark]);
  const lat = position?.lat;
  const lon = position?.lon;
  const accuracyM = position?.accuracyM;
  useEffect(() => {
    engine?.setData({
      position: lat !== undefined && lon !== undefined ? { lat, lon, accuracyM } : null,
      trail,
    });
  }, [engine, lat, lon, accuracyM, trail]);

  return (
    <Box
      sx={{
        position: 'relative',
        height,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {unavailable ? (
        <MapUnavailable compact />
      ) : (
        <>
          {/* MapLibre's stylesheet makes its container position: relative, so the absolute box is a wrapper. */}
          <Box sx={{ position: 'absolute', inset: 0 }}>
            <Box
              ref={container}
              dir="ltr"
              role="region"
              aria-label={label ?? t('map.mini.label')}
              sx={{ width: '100%', height: '100%' }}
            />
          </Box>
          {!engine && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <CircularProgress size={24} aria-label={t('common.loading')} />
            </Box>
          )}
          {engine && !position && trail.length === 0 && (
            <Typography
              variant="body2"
              sx={{
                position: 'absolute',
                top: 8,
                insetInlineStart: 8,
                px: 1,
                py: 0.25,
                borderRadius: 1,
                bgcolor: 'background.paper',
                color: 'text.secondary',
                boxShadow: 1,
              }}
            >
              {t('map.mini.noPosition')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
