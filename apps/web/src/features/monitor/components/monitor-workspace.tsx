import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { MonitorPosition } from '@lbs/contracts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { poiFeaturesQueryOptions } from '../../../shared-api/pois/poi-features.ts';
import { useHierarchy } from '../../../lib/hierarchy.ts';
import { fetchDirectoryPage } from '../api/msisdn-directory.ts';
import { fetchMonitorPositions } from '../api/monitor-positions.ts';
import { openMonitorStream } from '../api/monitor-stream.ts';
import { filterItems, filterOptions, NO_FILTERS, type MonitorFilters } from '../model/filters.ts';
import type { TrailPoint } from '../model/geo.ts';
import { startLivePositions, type LiveState } from '../model/live-positions.ts';
import { PositionsStore } from '../model/positions-store.ts';
import { useNow, useThrottledVersion } from '../model/use-store-version.ts';
import { DetailsPanel } from './details-panel.tsx';
import { MonitorMap } from './monitor-map.tsx';
import { PoiLayerPanel } from './poi-layer-panel.tsx';
import { SideList } from './side-list.tsx';

/** Re-render at most this often for live positions; the map batches its own updates to one per second. */
const RENDER_INTERVAL_MS = 500;
/** Live turns stale with time alone: re-classify this often. */
const CLOCK_INTERVAL_MS = 30_000;
const DETAILS_WIDTH = 340;
/** Where the POI layer switch starts: after the map legend's width. */
const POI_BOX_START = 252;
const DETAILS_GAP = 12;
/** The card on a phone: the viewport below the top bar and the page title (tabs, then the list or the map). */
const NARROW_HEIGHT = 'calc(100dvh - 190px)';
const NARROW_MIN_HEIGHT = 440;
/** The map keeps at least this much of its tab when a number's details open under it. */
const NARROW_MAP_MIN_HEIGHT = 200;

type MonitorTab = 'list' | 'map';

/** The Monitor: side list (start side) and map, kept live from the positions stream. */
export function MonitorWorkspace() {
  const { role } = useCurrentUser();
  const { mode } = useHierarchy();
  const [store] = useState(() => new PositionsStore());
  const [liveState, setLiveState] = useState<LiveState>('connecting');
  const [error, setError] = useState<unknown>(null);
  const [filters, setFilters] = useState<MonitorFilters>(NO_FILTERS);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [flyRequest, setFlyRequest] = useState(0);
  const [trail, setTrail] = useState<readonly TrailPoint[] | null>(null);
  const [playback, setPlayback] = useState<TrailPoint | null>(null);
  const { t } = useTranslation();
  const allowed = useCan();
  const mayListPois = allowed('poi', 'list');
  const [showPois, setShowPois] = useState(true);
  const [poiId, setPoiId] = useState<number | null>(null);
  const poiFeatures = useQuery({ ...poiFeaturesQueryOptions(), enabled: mayListPois });
  const pois = poiFeatures.data?.items;
  const openPoi = pois?.find((p) => p.id === poiId);
  const version = useThrottledVersion(store, RENDER_INTERVAL_MS);
  const nowMs = useNow(CLOCK_INTERVAL_MS);
  // Below `md` the list and the map do not fit side by side: they become tabs.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [tab, setTab] = useState<MonitorTab>('list');
  const ids = useId();

  useEffect(
    () =>
      startLivePositions(
        store,
        { fetchPositions: fetchMonitorPositions, openStream: openMonitorStream, fetchDirectoryPage },
        { onState: setLiveState, onError: setError },
      ),
    [store],
  );

  // A new version, a new (cached) list: the memos below follow it.
  const all = useMemo(() => (version >= 0 ? store.list() : []), [store, version]);
  const filtered = useMemo(() => filterItems(all, filters, mode, nowMs), [all, filters, mode, nowMs]);
  const options = useMemo(() => filterOptions(all, filters.companyId), [all, filters.companyId]);
  const selected = selectedId === null ? undefined : store.get(selectedId);
  // The selected number stays on the map even when the filters no longer match it (e.g. it just turned live).
  const mapItems = useMemo(
    () =>
      selected && !filtered.items.some((item) => item.id === selected.id)
        ? [...filtered.items, selected]
        : filtered.items,
    [filtered.items, selected],
  );

  const select = useCallback(
    (id: number) => {
      setSelectedId(id);
      setFlyRequest((n) => n + 1);
      // On a phone, choosing a number in the list shows it on the map (with its details under it).
      if (narrow) setTab('map');
    },
    [narrow],
  );
  const close = useCallback(() => setSelectedId(null), []);
  const onLocated = useCallback(
    (position: MonitorPosition) => {
      store.applyPosition(position);
      setFlyRequest((n) => n + 1);
    },
    [store],
  );

  const poiLayer = mayListPois && (
    <Box
      role="group"
      aria-label={t('monitor.poi.layer')}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        alignItems: 'flex-start',
        ...(narrow
          ? // Too narrow to sit beside the legend: under it (the map stacks them), moving down as it opens.
            {}
          : {
              // Beside the legend (top start); the details panel takes the top end.
              position: 'absolute',
              top: DETAILS_GAP,
              insetInlineStart: POI_BOX_START,
              maxWidth: `calc(100% - ${POI_BOX_START + DETAILS_GAP}px)`,
            }),
      }}
    >
      <Paper elevation={2} sx={{ px: 1.5, borderRadius: 2 }}>
        <FormControlLabel
          control={<Switch size="small" checked={showPois} onChange={(e) => setShowPois(e.target.checked)} />}
          label={t('monitor.poi.layer')}
        />
      </Paper>
      {openPoi && showPois && <PoiLayerPanel poi={openPoi} onClose={() => setPoiId(null)} />}
    </Box>
  );
  const details = selected && (
    <DetailsPanel
      key={selected.id}
      item={selected}
      nowMs={nowMs}
      onClose={close}
      onLocated={onLocated}
      onTrail={setTrail}
      onPlayback={setPlayback}
    />
  );
  const list = (
    <SideList
      items={filtered.items}
      total={all.length}
      counts={filtered.counts}
      filters={filters}
      onFiltersChange={setFilters}
      options={options}
      showCompanyFilter={role === 'SuperAdmin'}
      hierarchyMode={mode}
      selectedId={selectedId}
      onSelect={select}
      nowMs={nowMs}
      liveState={liveState}
      error={error}
      loading={!store.hasSnapshot}
    />
  );
  const map = (
    <MonitorMap
      waitFor={!store.hasSnapshot}
      items={mapItems}
      nowMs={nowMs}
      selected={selected}
      flyRequest={flyRequest}
      trail={trail}
      playback={playback}
      endInset={selected && !narrow ? DETAILS_WIDTH + 2 * DETAILS_GAP : 0}
      onSelect={select}
      {...(pois ? { pois, showPois, onPoiClick: setPoiId } : {})}
      {...(narrow && poiLayer ? { belowLegend: poiLayer } : {})}
    />
  );

  if (narrow) {
    // A phone: the list and the map as two tabs of the full card, the details as a sheet under the map. Both
    // panels stay laid out at full size (the hidden one invisible), so the map keeps its size and camera.
    const panel = (shown: boolean) =>
      ({
        position: 'absolute',
        inset: 0,
        // MapLibre's compact attribution sets its own `visibility: visible`: everything in the hidden tab is hidden.
        ...(shown ? {} : { visibility: 'hidden', '& *': { visibility: 'hidden !important' } }),
        display: 'flex',
        flexDirection: 'column',
      }) as const;
    return (
      <Card
        sx={{
          display: 'flex',
          flexDirection: 'column',
          height: NARROW_HEIGHT,
          minHeight: NARROW_MIN_HEIGHT,
          overflow: 'hidden',
        }}
      >
        <Tabs
          value={tab}
          onChange={(_event, next: MonitorTab) => setTab(next)}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
        >
          <Tab
            value="list"
            label={t('monitor.list.title')}
            id={`${ids}-list-tab`}
            aria-controls={`${ids}-list`}
          />
          <Tab value="map" label={t('map.title')} id={`${ids}-map-tab`} aria-controls={`${ids}-map`} />
        </Tabs>
        <Box sx={{ position: 'relative', flex: 1, minHeight: 0 }}>
          <Box
            role="tabpanel"
            id={`${ids}-list`}
            aria-labelledby={`${ids}-list-tab`}
            sx={panel(tab === 'list')}
          >
            {list}
          </Box>
          <Box role="tabpanel" id={`${ids}-map`} aria-labelledby={`${ids}-map-tab`} sx={panel(tab === 'map')}>
            <Box sx={{ flex: 1, minHeight: NARROW_MAP_MIN_HEIGHT, position: 'relative' }}>{map}</Box>
            {details && (
              <Box
                sx={{
                  flexShrink: 1,
                  minHeight: 0,
                  maxHeight: '60%',
                  display: 'flex',
                  flexDirection: 'column',
                  // The sheet's own corners and shadow at the top only.
                  '& > aside': { borderEndStartRadius: 0, borderEndEndRadius: 0 },
                }}
              >
                {details}
              </Box>
            )}
          </Box>
        </Box>
      </Card>
    );
  }

  return (
    <Card
      sx={{
        display: 'flex',
        flexDirection: 'row',
        height: 'calc(100dvh - 208px)',
        minHeight: 560,
        overflow: 'hidden',
      }}
    >
      <Box sx={{ width: 340, flexShrink: 0, height: '100%', borderRight: 1, borderColor: 'divider' }}>
        {list}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, position: 'relative', height: '100%' }}>
        {map}
        {poiLayer}
        {details && (
          <Box
            sx={{
              position: 'absolute',
              top: DETAILS_GAP,
              insetInlineEnd: DETAILS_GAP,
              width: DETAILS_WIDTH,
              maxWidth: `calc(100% - ${2 * DETAILS_GAP}px)`,
              // Clear of the attribution in the bottom end corner.
              maxHeight: `calc(100% - ${DETAILS_GAP + 44}px)`,
              display: 'flex',
              flexDirection: 'column',
            }}
          >
            {details}
          </Box>
        )}
      </Box>
    </Card>
  );
}
