import { memo, useCallback, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import type { HierarchyMode } from '@lbs/contracts';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { FRESHNESS, type Freshness } from '../model/freshness.ts';
import { itemFreshness, NO_FILTERS, type FilterOptions, type MonitorFilters } from '../model/filters.ts';
import { formatRelative } from '../../../lib/location-format.ts';
import type { LiveState } from '../model/live-positions.ts';
import type { MonitorItem } from '../model/positions-store.ts';
import { FreshnessDot } from './freshness-dot.tsx';
import { LiveStatusChip } from './live-status-chip.tsx';
import { VirtualList } from './virtual-list.tsx';

const ROW_HEIGHT = 60;

export interface SideListProps {
  items: readonly MonitorItem[];
  total: number;
  counts: Record<Freshness, number>;
  filters: MonitorFilters;
  onFiltersChange: (filters: MonitorFilters) => void;
  options: FilterOptions;
  showCompanyFilter: boolean;
  hierarchyMode: HierarchyMode;
  selectedId: number | null;
  onSelect: (id: number) => void;
  nowMs: number;
  liveState: LiveState;
  error: unknown;
  loading: boolean;
}

/** Search, filters and the (windowed) list of MSISDNs; the start side of the Monitor. */
export const SideList = memo(function SideList(props: SideListProps) {
  const { items, total, counts, filters, onFiltersChange, options, selectedId, onSelect, nowMs } = props;
  const { t, i18n } = useTranslation();
  const set = (patch: Partial<MonitorFilters>) => onFiltersChange({ ...filters, ...patch });
  const toggleFreshness = (f: Freshness) =>
    set({
      freshness: filters.freshness.includes(f)
        ? filters.freshness.filter((x) => x !== f)
        : [...filters.freshness, f],
    });
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const selectedIndex = selectedId === null ? -1 : items.findIndex((item) => item.id === selectedId);
  const renderRow = useCallback(
    (index: number, tabIndex: 0 | -1) => {
      const item = items[index]!;
      return (
        <Row
          item={item}
          tabIndex={tabIndex}
          selected={item.id === selectedId}
          nowMs={nowMs}
          locale={i18n.language}
          onSelect={onSelect}
        />
      );
    },
    [items, selectedId, nowMs, i18n.language, onSelect],
  );

  let body: ReactNode;
  if (props.loading && items.length === 0) {
    body = (
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2.5, color: 'text.secondary' }}
        role="status"
      >
        <CircularProgress size={18} />
        <Typography variant="body2">{t('monitor.loading')}</Typography>
      </Box>
    );
  } else if (items.length === 0) {
    body = (
      <Typography variant="body2" sx={{ p: 2.5, color: 'text.secondary' }} role="status">
        {total === 0 ? t('monitor.emptyScope') : t('monitor.emptyFiltered')}
      </Typography>
    );
  } else {
    body = (
      <VirtualList
        count={items.length}
        rowHeight={ROW_HEIGHT}
        renderRow={renderRow}
        scrollToIndex={selectedIndex}
        label={t('monitor.list.label')}
      />
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ p: 2, pb: 1.25, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="h4" component="h2">
            {t('monitor.list.title')}
          </Typography>
          <LiveStatusChip state={props.liveState} />
        </Box>
        <ProblemAlert error={props.error} />
        <TextField
          size="small"
          fullWidth
          value={filters.q}
          onChange={(e) => set({ q: e.target.value })}
          placeholder={t('monitor.search.placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('monitor.search.label'), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: filters.q ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('monitor.search.clear')}
                    onClick={() => set({ q: '' })}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
            },
          }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          {props.showCompanyFilter && (
            <IdSelect
              label={t('monitor.filter.company')}
              value={filters.companyId}
              options={options.companies}
              onChange={(companyId) =>
                set({ companyId, departmentId: null, zoneId: null, designationId: null })
              }
              wide
            />
          )}
          {props.hierarchyMode === 'ZONE' ? (
            <IdSelect
              label={t('monitor.filter.zone')}
              value={filters.zoneId}
              options={options.zones}
              onChange={(zoneId) => set({ zoneId })}
            />
          ) : (
            <IdSelect
              label={t('monitor.filter.department')}
              value={filters.departmentId}
              options={options.departments}
              onChange={(departmentId) => set({ departmentId })}
            />
          )}
          <IdSelect
            label={t('monitor.filter.designation')}
            value={filters.designationId}
            options={options.designations}
            onChange={(designationId) => set({ designationId })}
          />
        </Box>
        <Box
          role="group"
          aria-label={t('monitor.filter.freshness')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
        >
          {FRESHNESS.map((f) => {
            const on = filters.freshness.includes(f);
            return (
              <Chip
                key={f}
                size="small"
                variant={on ? 'filled' : 'outlined'}
                color={on ? 'primary' : 'default'}
                aria-pressed={on}
                onClick={() => toggleFreshness(f)}
                icon={<FreshnessDot freshness={f} size={9} decorative />}
                label={`${t(`monitor.freshness.${f}`)} · ${counts[f].toLocaleString(i18n.language)}`}
                sx={{ '& .MuiChip-icon': { ml: 1, mr: -0.25 } }}
              />
            );
          })}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 28 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            {t('monitor.list.shown', {
              shown: items.length.toLocaleString(i18n.language),
              total: total.toLocaleString(i18n.language),
            })}
          </Typography>
          {filtered && (
            <Button size="small" onClick={() => onFiltersChange(NO_FILTERS)} sx={{ px: 1 }}>
              {t('monitor.filter.clear')}
            </Button>
          )}
        </Box>
      </Box>
      <Box
        sx={{
          borderTop: 1,
          borderColor: 'divider',
          flex: 1,
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
        }}
      >
        {body}
      </Box>
    </Box>
  );
});

function IdSelect({
  label,
  value,
  options,
  onChange,
  wide = false,
}: {
  label: string;
  value: number | null;
  options: FilterOptions['companies'];
  onChange: (id: number | null) => void;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      sx={wide ? { gridColumn: '1 / -1' } : undefined}
      slotProps={{
        inputLabel: { shrink: true },
        select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
      }}
    >
      <MenuItem value="">{t('monitor.filter.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

const Row = memo(function Row({
  item,
  tabIndex,
  selected,
  nowMs,
  locale,
  onSelect,
}: {
  item: MonitorItem;
  tabIndex: 0 | -1;
  selected: boolean;
  nowMs: number;
  locale: string;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const freshness = itemFreshness(item, nowMs);
  const when = item.fix ? formatRelative(item.fix.timeMs, nowMs, locale) : t('monitor.freshness.noFix');
  return (
    <ListItemButton
      selected={selected}
      aria-current={selected || undefined}
      tabIndex={tabIndex}
      onClick={() => onSelect(item.id)}
      sx={{ height: '100%', gap: 1.5, px: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <FreshnessDot freshness={freshness} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body1" noWrap sx={{ fontWeight: 500 }}>
          {item.employeeName}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
          <bdi dir="ltr">{item.msisdn}</bdi>
          {' · '}
          {freshness === 'noConsent' ? t('monitor.freshness.noConsent') : when}
        </Typography>
      </Box>
    </ListItemButton>
  );
});
