import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { MapUnavailable } from '../../../components/map-unavailable.tsx';
import type { BaseMapState } from '../../../lib/map/base-map.ts';
import { mapLocale } from '../../../lib/map/map-locale.ts';
import { isWebGL2Available } from '../../../lib/map/webgl.ts';
import { useDelayedFlag } from '../../../lib/use-delayed-flag.ts';
import { markerCollection, type TrailPoint } from '../model/geo.ts';
import type { MonitorItem } from '../model/positions-store.ts';
import { MapLegend } from './map-legend.tsx';
import type { MapPoi } from '../../../lib/map/poi-shapes.ts';
import type { MonitorMapEngine } from './monitor-map-engine.ts';

export interface MonitorMapProps {
  items: readonly MonitorItem[];
  nowMs: number;
  selected: MonitorItem | undefined;
  /** Fly to the selected item when `seq` changes. */
  flyRequest: number;
  trail: readonly TrailPoint[] | null;
  playback: TrailPoint | null;
  /** Pixels of the map's end side covered by the details panel. */
  endInset: number;
  onSelect: (id: number) => void;
  /** The POI layer (empty when the caller may not list POIs) and whether it shows. */
  pois?: readonly MapPoi[];
  showPois?: boolean;
  onPoiClick?: (poiId: number) => void;
  /** Overlays stacked under the legend in the top start corner (a narrow map has no room beside it). */
  belowLegend?: ReactNode;
  /**
   * The positions are on their way: MapLibre starts once they are shown (or after START_WAIT_MS), not before. Its
   * start holds the main thread for a few hundred milliseconds and its first frame follows at once, so started
   * earlier it would keep the list from showing the positions that arrive meanwhile.
   */
  waitFor?: boolean;
}

/** The longest the map waits for the positions before it starts anyway. */
const START_WAIT_MS = 1_000;

type Status = 'loading' | 'ready' | 'unavailable';
const NO_POIS: readonly MapPoi[] = [];

/** The map half of the Monitor: MapLibre (downloaded on first use) fed from the filtered items. */
export function MonitorMap({
  items,
  nowMs,
  selected,
  flyRequest,
  trail,
  playback,
  endInset,
  onSelect,
  pois = NO_POIS,
  showPois = true,
  onPoiClick,
  belowLegend,
  waitFor = false,
}: MonitorMapProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  const rtl = theme.direction === 'rtl';
  const container = useRef<HTMLDivElement>(null);
  const engine = useRef<MonitorMapEngine | null>(null);
  const camera = useRef<{ center: [number, number]; zoom: number } | undefined>(undefined);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const onPoiClickRef = useRef(onPoiClick);
  onPoiClickRef.current = onPoiClick;
  const darkRef = useRef(dark);
  darkRef.current = dark;
  const [status, setStatus] = useState<Status>(() => (isWebGL2Available() ? 'loading' : 'unavailable'));
  const [baseMap, setBaseMap] = useState<BaseMapState | undefined>();
  // The positions shown (they stay shown: the store never loses its snapshot), or waited for long enough.
  const waitedLongEnough = useDelayedFlag(waitFor, START_WAIT_MS);
  const mayStart = !waitFor || waitedLongEnough;

  // One map per language and direction: MapLibre takes its control titles and positions at creation.
  useEffect(() => {
    if (!isWebGL2Available() || !mayStart) return;
    let cancelled = false;
    let created: MonitorMapEngine | undefined;
    import('./monitor-map-engine.ts').then(
      ({ MonitorMapEngine }) => {
        if (cancelled || !container.current) return;
        try {
          created = new MonitorMapEngine({
            container: container.current,
            dark: darkRef.current,
            rtl,
            locale: mapLocale(t),
            language: i18n.language,
            ...(camera.current ?? {}),
            onSelect: (id) => onSelectRef.current(id),
            onPoiClick: (id) => onPoiClickRef.current?.(id),
            onBaseMapState: setBaseMap,
          });
        } catch (error) {
          console.error('The map could not start', error);
          setStatus('unavailable');
          return;
        }
        if (camera.current) created.keepView();
        engine.current = created;
        setStatus('ready');
      },
      (error: unknown) => {
        console.error('The map could not be loaded', error);
        if (!cancelled) setStatus('unavailable');
      },
    );
    return () => {
      cancelled = true;
      if (created) {
        camera.current = created.camera();
        created.destroy();
      }
      engine.current = null;
      setStatus((s) => (s === 'ready' ? 'loading' : s));
    };
    // `t` follows the language: i18n.language is the trigger.
  }, [i18n.language, rtl, mayStart]);

  useEffect(() => {
    if (status === 'ready') engine.current?.setPois(pois, showPois);
  }, [status, pois, showPois]);
  useEffect(() => {
    if (status === 'ready') engine.current?.setDark(dark);
  }, [dark, status]);

  useEffect(() => {
    if (status === 'ready') engine.current?.setMarkers(markerCollection(items, nowMs));
  }, [items, nowMs, status]);

  useEffect(() => {
    if (status === 'ready') engine.current?.setEndInset(endInset);
  }, [endInset, status]);

  const fix = selected?.fix;
  useEffect(() => {
    if (status === 'ready') engine.current?.setSelected(fix ? { lat: fix.lat, lon: fix.lon } : null);
  }, [fix, status]);

  const flyTarget = useRef(fix);
  flyTarget.current = fix;
  useEffect(() => {
    const target = flyTarget.current;
    if (status === 'ready' && flyRequest > 0 && target) engine.current?.flyTo(target);
  }, [flyRequest, status]);

  useEffect(() => {
    if (status === 'ready') engine.current?.setTrail(trail && trail.length > 0 ? trail : null);
  }, [trail, status]);

  useEffect(() => {
    if (status === 'ready') engine.current?.setPlayback(playback);
  }, [playback, status]);

  if (status === 'unavailable') return <MapUnavailable />;
  return (
    <Box
      sx={{
        position: 'relative',
        height: '100%',
        width: '100%',
        bgcolor: dark ? '#142033' : '#CFE2F1',
        // MapLibre's zoom buttons and scale bar in the theme's colours (its stylesheet is light only).
        '& .maplibregl-ctrl-group, & .maplibregl-ctrl-scale': {
          bgcolor: 'background.paper',
          color: 'text.primary',
        },
        '& .maplibregl-ctrl-scale': { borderColor: 'text.secondary' },
        '& .maplibregl-ctrl-group button + button': { borderTopColor: 'divider' },
        '& .maplibregl-ctrl-group .maplibregl-ctrl-icon': { filter: dark ? 'invert(1)' : 'none' },
      }}
    >
      {/* MapLibre's stylesheet makes its container position: relative, so the absolute box is a wrapper. */}
      <Box sx={{ position: 'absolute', inset: 0 }}>
        <Box
          ref={container}
          dir="ltr"
          role="region"
          aria-label={t('monitor.map.label')}
          sx={{ width: '100%', height: '100%' }}
        />
      </Box>
      {status === 'loading' && (
        // Words, not a spinner: while MapLibre starts, the main thread is busy and an animation would make the
        // compositor draw the page on every frame, which on software rendering (no GPU: SwiftShader, virtual
        // desktops) delays every call the map makes to WebGL — about twice as long a start, measured.
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
            {t('monitor.map.loading')}
          </Typography>
        </Box>
      )}
      {belowLegend ? (
        <Box
          sx={{
            position: 'absolute',
            top: 12,
            insetInlineStart: 12,
            maxWidth: 'calc(100% - 24px)',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            gap: 1,
          }}
        >
          <MapLegend
            floating={false}
            offline={baseMap === 'offline'}
            showTrail={!!trail && trail.length > 0}
          />
          {belowLegend}
        </Box>
      ) : (
        <MapLegend offline={baseMap === 'offline'} showTrail={!!trail && trail.length > 0} />
      )}
    </Box>
  );
}
