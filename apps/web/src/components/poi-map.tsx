/**
 * A map of POIs (the POI pages; the Monitor's POI layer can use the same engine): shapes to scale in their category
 * colours, selection by click, and a drawing mode that reports clicks and shows the draft shape.
 *
 *   <PoiMap pois={features} selectedId={id} onSelect={setId} height={480} />
 *   <PoiMap pois={others} draft={draft} onMapClick={addCorner} frameTo={extent} />
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { LatLon } from '../lib/map/geometry.ts';
import { mapLocale } from '../lib/map/map-locale.ts';
import { isWebGL2Available } from '../lib/map/webgl.ts';
import { MapUnavailable } from './map-unavailable.tsx';
import type { DraftShape, MapPoi, PoiMapEngine } from './poi-map-engine.ts';

export type { DraftShape, MapPoi };

export interface PoiMapProps {
  pois: readonly MapPoi[];
  selectedId?: number | null;
  onSelect?: (id: number) => void;
  /** Drawing: each click on the map (selection is off meanwhile). */
  onMapClick?: (at: LatLon) => void;
  /** Drawing: a draft's corner (or a circle's centre, index -1) dragged to a new place. */
  onDraftMove?: (index: number, at: LatLon) => void;
  draft?: DraftShape | null;
  /** Points to frame; the map frames again whenever this array changes. */
  frameTo?: readonly LatLon[];
  height?: number | string;
  label: string;
}

const NONE: readonly MapPoi[] = [];

export function PoiMap({
  pois = NONE,
  selectedId = null,
  onSelect,
  onMapClick,
  onDraftMove,
  draft = null,
  frameTo,
  height = 480,
  label,
}: PoiMapProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const rtl = theme.direction === 'rtl';
  const container = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<PoiMapEngine | null>(null);
  const [unavailable, setUnavailable] = useState(() => !isWebGL2Available());
  const darkRef = useRef(dark);
  darkRef.current = dark;

  useEffect(() => {
    if (!isWebGL2Available()) return;
    let cancelled = false;
    let created: PoiMapEngine | undefined;
    import('./poi-map-engine.ts').then(
      ({ PoiMapEngine }) => {
        if (cancelled || !container.current) return;
        try {
          created = new PoiMapEngine(
            {
              container: container.current,
              dark: darkRef.current,
              rtl,
              locale: mapLocale(t),
              language: i18n.language,
              controls: true,
            },
            {},
          );
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
  useEffect(() => {
    engine?.setCallbacks({
      ...(onSelect ? { onSelect } : {}),
      ...(onMapClick ? { onMapClick } : {}),
      ...(onDraftMove ? { onDraftMove } : {}),
    });
  }, [engine, onSelect, onMapClick, onDraftMove]);
  useEffect(() => engine?.setPois(pois, selectedId), [engine, pois, selectedId]);
  useEffect(() => engine?.setDraft(draft), [engine, draft]);
  useEffect(() => {
    if (frameTo?.length) engine?.frame(frameTo);
  }, [engine, frameTo]);

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
          <Box sx={{ position: 'absolute', inset: 0 }}>
            <Box
              ref={container}
              dir="ltr"
              role="region"
              aria-label={label}
              sx={{ width: '100%', height: '100%' }}
            />
          </Box>
          {!engine && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
              <CircularProgress size={24} aria-label={t('common.loading')} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
