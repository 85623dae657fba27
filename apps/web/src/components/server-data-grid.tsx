/**
 * MUI X DataGrid over a server list (DESIGN §5): server pagination (grid page 0-based ↔ API `page` from 1),
 * server sorting (sort model ↔ `sort=-name`), a debounced search box (`q`), filter controls beside it, "No Record
 * Found" when empty, the loading overlay only after LOADER_DELAY_MS, grid texts in the interface language, RTL
 * from the theme. Page, size, sort and q live in the URL (`?page=2&sort=-name&q=x`), so Back from a details page
 * returns to the same page of the list.
 *
 * Usage:
 *   const [companyId, setCompanyId] = useUrlIdFilter('companyId');          // a filter kept in the URL too
 *   <ServerDataGrid
 *     label={t('route.departmentList')}
 *     query={orgUnitsQueryOptions('department')}     // the list endpoint's query options (features/<area>/api/)
 *     columns={columns}                               // GridColDef<OrgUnit>[]; `field` = the API sort field name
 *     defaultSort="name"                              // used when the user has not sorted
 *     filters={{ companyId }}                         // extra query params; a change goes back to page 1
 *     toolbar={<EntitySelect kind="company" value={companyId} onChange={setCompanyId} … />}
 *     onRowClick={(row) => navigate(`/department-details/${row.id}`)}
 *   />
 * Columns the server cannot sort by need `sortable: false`. `urlPrefix` separates two grids on one page.
 * `exportList="msisdns"` adds the list's Export button (CSV/XLSX of the whole list as filtered and sorted).
 * `gridProps` passes anything else to DataGrid (getRowId, checkboxSelection, columnVisibilityModel…).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress, { type LinearProgressProps } from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { arSD, enUS, esES, frFR, itIT, zhCN } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';
import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  searchText as searchTextRule,
  type ListExportKey,
} from '@lbs/contracts';
import {
  type FilterValue,
  type ListPage,
  type ListParams,
  type ListQueryOptions,
} from '../lib/api/list-query.ts';
import { useDelayedFlag } from '../lib/use-delayed-flag.ts';
import { EmptyState } from './empty-state.tsx';
import { fitHeaders, headerTextWidth } from './grid-headers.ts';
import { renderWrapped } from './wrapped-cell.tsx';
import { ListExportButton } from './list-export-button.tsx';
import { ProblemAlert } from './problem-alert.tsx';

export const PAGE_SIZE_OPTIONS = [10, PAGE_SIZE_DEFAULT, 50, PAGE_SIZE_MAX] as const;
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * Texts of the community grid that MUI X's Arabic locale lacks (the grid shows them in English): the column menu's
 * accessible name on every header, two filter operators and the empty-columns overlay.
 */
const ARABIC_GAPS: Partial<DataGridProps['localeText']> = {
  columnMenuAriaLabel: (columnName: string) => `قائمة عمود ${columnName}`,
  filterOperatorDoesNotContain: 'لا يحتوي على',
  filterOperatorDoesNotEqual: 'لا يساوي',
  noColumnsOverlayLabel: 'لا توجد أعمدة',
  noColumnsOverlayManageColumns: 'إدارة الأعمدة',
};

const GRID_LOCALES: Record<string, Partial<DataGridProps['localeText']>> = {
  'en-US': enUS.components.MuiDataGrid.defaultProps.localeText,
  'zh-Hans-CN': zhCN.components.MuiDataGrid.defaultProps.localeText,
  'ar-SA': { ...arSD.components.MuiDataGrid.defaultProps.localeText, ...ARABIC_GAPS },
  'it-IT': itIT.components.MuiDataGrid.defaultProps.localeText,
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  'fr-FR': frFR.components.MuiDataGrid.defaultProps.localeText,
};

/** MUI X's own grid texts (pagination, column menu…) for an interface locale. */
export function gridLocaleText(locale: string): Partial<DataGridProps['localeText']> {
  return GRID_LOCALES[locale] ?? GRID_LOCALES['en-US']!;
}

/** `[{field:'name', sort:'desc'}, {field:'code', sort:'asc'}]` → `-name,code`; an empty model → undefined. */
export function sortModelToParam(model: GridSortModel): string | undefined {
  const parts = model
    .filter((item) => item.sort)
    .map((item) => (item.sort === 'desc' ? `-${item.field}` : item.field));
  return parts.length > 0 ? parts.join(',') : undefined;
}

/** `-name,code` → the grid's sort model. */
export function sortParamToModel(sort: string | undefined): GridSortModel {
  if (!sort) return [];
  return sort
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) =>
      part.startsWith('-')
        ? { field: part.slice(1), sort: 'desc' as const }
        : { field: part, sort: 'asc' as const },
    );
}

/** Grid pagination (page 0-based) → API page (from 1) and size, clamped to 1..PAGE_SIZE_MAX. */
export function paginationToParams(model: GridPaginationModel): { page: number; size: number } {
  return { page: Math.max(0, model.page) + 1, size: Math.min(PAGE_SIZE_MAX, Math.max(1, model.pageSize)) };
}

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** The list state (page, size, sort, q) of a grid kept in the URL's query string. */
export function useGridUrlState({
  defaultSort,
  urlPrefix = '',
}: { defaultSort?: string; urlPrefix?: string } = {}) {
  const [search, setSearch] = useSearchParams();
  const key = (name: string) => `${urlPrefix}${name}`;
  const page = positiveInt(search.get(key('page')), 1);
  const size = Math.min(PAGE_SIZE_MAX, positiveInt(search.get(key('size')), PAGE_SIZE_DEFAULT));
  const sort = search.get(key('sort')) ?? defaultSort;
  const q = search.get(key('q')) ?? '';
  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(`${urlPrefix}${name}`);
            else next.set(`${urlPrefix}${name}`, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch, urlPrefix],
  );
  return { page, size, sort, q, update };
}

/**
 * A list filter kept in the URL (`?companyId=3`); setting it goes back to page 1. Values are strings; see
 * useUrlIdFilter for ids.
 */
export function useUrlFilter(
  name: string,
  urlPrefix = '',
): [string | undefined, (value: string | undefined) => void] {
  const [search, setSearch] = useSearchParams();
  const value = search.get(`${urlPrefix}${name}`) ?? undefined;
  const set = useCallback(
    (next: string | undefined) =>
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next === undefined || next === '') params.delete(`${urlPrefix}${name}`);
          else params.set(`${urlPrefix}${name}`, next);
          params.delete(`${urlPrefix}page`);
          return params;
        },
        { replace: true },
      ),
    [name, setSearch, urlPrefix],
  );
  return [value, set];
}

/** An id filter (companyId, departmentId, zoneId, designationId) kept in the URL: number or null. */
export function useUrlIdFilter(
  name: string,
  urlPrefix = '',
): [number | null, (value: number | null) => void] {
  const [raw, setRaw] = useUrlFilter(name, urlPrefix);
  const n = Number(raw);
  const value = raw !== undefined && Number.isInteger(n) && n > 0 ? n : null;
  const set = useCallback(
    (next: number | null) => setRaw(next === null ? undefined : String(next)),
    [setRaw],
  );
  return [value, set];
}

/** Waits `delay` ms after the last change. */
function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * The message key of a search text the server would refuse (a NUL or a broken character, more than 200
 * characters: the contracts' rule of `q`), or undefined when it may be sent.
 */
export function searchTextProblem(value: string): string | undefined {
  return searchTextRule().safeParse(value).error?.issues[0]?.message;
}

export function GridSearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  const text = label ?? t('org.grid.search');
  const problem = searchTextProblem(value);
  return (
    <TextField
      size="small"
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={problem !== undefined}
      helperText={problem ? t(problem) : undefined}
      placeholder={text}
      sx={{
        minWidth: { xs: '100%', sm: 260 },
        '& input[type=search]::-webkit-search-cancel-button': { display: 'none' },
      }}
      slotProps={{
        htmlInput: { 'aria-label': text, maxLength: 200 },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('org.grid.clearSearch')}
                onClick={() => onChange('')}
              >
                <ClearIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}

/** The grid's loading bar, named (MUI X renders it without a label: WCAG 4.1.2, axe aria-progressbar-name). */
function NamedLinearProgress(props: LinearProgressProps) {
  const { t } = useTranslation();
  return <LinearProgress aria-label={t('common.loading')} {...props} />;
}

/** true while the first page is still loading: the empty-state text would only flash. */
const PendingContext = createContext(false);
const EmptyHintContext = createContext<string | undefined>(undefined);

function NoRowsOverlay() {
  const pending = useContext(PendingContext);
  const hint = useContext(EmptyHintContext);
  if (pending) return null;
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
      <EmptyState hint={hint} />
    </Box>
  );
}

export interface ServerDataGridProps<R extends GridValidRowModel> {
  /** Accessible name of the grid (usually the page title). */
  label: string;
  /** The list endpoint's query options for a page (`companiesQueryOptions`…, built with listQueryOptions). */
  query: (params: ListParams) => ListQueryOptions<ListPage<R>>;
  columns: readonly GridColDef<R>[];
  /** Sort used until the user sorts (`name`, `-createdAt`). */
  defaultSort?: string;
  /** Extra query parameters from the filter controls; empty values are left out. */
  filters?: Readonly<Record<string, FilterValue>>;
  /** Filter controls shown after the search box. */
  toolbar?: ReactNode;
  /** Hide the search box when the list has no `q`. */
  searchable?: boolean;
  searchLabel?: string;
  onRowClick?: (row: R) => void;
  /** Prefix of the URL parameters (two grids on one page). */
  urlPrefix?: string;
  /** Skip loading (e.g. until a required filter is chosen). */
  enabled?: boolean;
  /** The list's Export (contracts LIST_EXPORTS): the whole list with the grid's filters, search and sort. */
  exportList?: ListExportKey;
  gridProps?: Partial<Omit<DataGridProps<R>, 'rows' | 'columns' | 'rowCount' | 'loading'>>;
  /** A line under "No Record Found" when the list is empty: why, and what to do. */
  emptyHint?: string | undefined;
}

export function ServerDataGrid<R extends GridValidRowModel>({
  label,
  query: listQuery,
  columns,
  defaultSort,
  filters = {},
  toolbar,
  searchable = true,
  searchLabel,
  onRowClick,
  urlPrefix,
  enabled = true,
  exportList,
  gridProps,
  emptyHint,
}: ServerDataGridProps<R>) {
  const { i18n } = useTranslation();
  const { sx: extraSx, ...rest } = gridProps ?? {};
  const state = useGridUrlState({ defaultSort, urlPrefix });
  const { update } = state;
  const [searchText, setSearchText] = useState(state.q);
  const debounced = useDebounced(searchText, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    // A text the server would refuse stays in the box with its message; the list keeps its last search.
    if (searchTextProblem(debounced)) return;
    if (debounced.trim() !== state.q.trim()) update({ q: debounced.trim() || undefined, page: undefined });
    // only a new search text moves the URL; a URL change (Back) resets the box below
  }, [debounced]);
  useEffect(() => {
    setSearchText((current) => (current.trim() === state.q.trim() ? current : state.q));
  }, [state.q]);

  const params: ListParams = {
    page: state.page,
    size: state.size,
    sort: state.sort,
    q: state.q || undefined,
    filters,
  };
  const query = useQuery({ ...listQuery(params), enabled });
  const loading = useDelayedFlag(query.isFetching);
  const data = query.data;
  const rows = useMemo(() => data?.items ?? [], [data]);
  // The grid shows the sort on its columns only: a sort by something else (the default -createdAt) it would drop,
  // telling onSortModelChange while it first renders (a URL change React Router warns of); the server still sorts.
  const sortModel = useMemo(
    () => sortParamToModel(state.sort).filter((item) => columns.some((c) => c.field === item.field)),
    [state.sort, columns],
  );
  // No header cut short ("Employee MSIS…"): each column fits its header's text, which is also its tooltip.
  const { fontFamily } = useTheme().typography;
  const textWidth = useMemo(() => headerTextWidth(fontFamily), [fontFamily]);
  // A count in the interface's digits (the grid formats numbers in the browser's locale: 66 in the Arabic interface),
  // and a text on up to two lines (WrappedCell).
  const fitted = useMemo(() => {
    const numbers = new Intl.NumberFormat(i18n.language);
    return fitHeaders(
      columns.map((c) =>
        c.renderCell
          ? c
          : c.type === 'number' && !c.valueFormatter
            ? { ...c, valueFormatter: (value: number | null) => (value == null ? '' : numbers.format(value)) }
            : // "Client site: Airport ca…" lost its end on one line.
              (c.type ?? 'string') === 'string'
              ? { ...c, renderCell: renderWrapped }
              : c,
      ),
      textWidth,
    );
  }, [columns, textWidth, i18n.language]);

  return (
    <Box>
      {(searchable || toolbar || exportList) && (
        <Box
          className="lbs-list-filters"
          sx={(theme) => ({
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
            mb: 2,
            // A phone: each filter on its own line, full width, over the width a page gives a filter for wider
            // screens (the doubled `&` outranks the filter's own class).
            flexDirection: { xs: 'column', sm: 'row' },
            [theme.breakpoints.down('sm')]: { '&& > *': { width: '100%' } },
          })}
        >
          {searchable && <GridSearchBox value={searchText} onChange={setSearchText} label={searchLabel} />}
          {toolbar}
          {exportList && (
            <ListExportButton list={exportList} params={{ sort: state.sort, q: state.q, filters }} />
          )}
        </Box>
      )}
      <ProblemAlert error={query.error} onRetry={() => void query.refetch()} />
      <PendingContext.Provider value={query.isPending && enabled}>
        <EmptyHintContext.Provider value={emptyHint}>
          <DataGrid<R>
            aria-label={label}
            label={label}
            columns={fitted}
            rows={rows}
            rowCount={data?.total ?? 0}
            loading={loading}
            paginationMode="server"
            sortingMode="server"
            filterMode="server"
            disableColumnFilter
            disableRowSelectionOnClick
            autoHeight
            sortingOrder={['asc', 'desc', null]}
            pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
            paginationModel={{ page: state.page - 1, pageSize: state.size }}
            onPaginationModelChange={(model) => {
              const next = paginationToParams(model);
              const sizeChanged = next.size !== state.size;
              update({
                page: sizeChanged || next.page === 1 ? undefined : String(next.page),
                size: next.size === PAGE_SIZE_DEFAULT ? undefined : String(next.size),
              });
            }}
            sortModel={sortModel}
            onSortModelChange={(model) => {
              const sort = sortModelToParam(model);
              // cleared or back to the default: the URL drops `sort` and the default applies again
              update({ sort: sort === defaultSort ? undefined : sort, page: undefined });
            }}
            onRowClick={onRowClick ? (params) => onRowClick(params.row) : undefined}
            onCellKeyDown={
              onRowClick
                ? (params, event) => {
                    if (event.key === 'Enter') onRowClick(params.row);
                  }
                : undefined
            }
            localeText={gridLocaleText(i18n.language)}
            slots={{
              noRowsOverlay: NoRowsOverlay,
              noResultsOverlay: NoRowsOverlay,
              baseLinearProgress: NamedLinearProgress,
            }}
            slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
            {...rest}
            sx={[
              {
                border: 0,
                '--DataGrid-overlayHeight': '220px',
                '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
                ...(onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
                '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outlineOffset: -2 },
              },
              ...(Array.isArray(extraSx) ? extraSx : [extraSx]),
            ]}
          />
        </EmptyHintContext.Provider>
      </PendingContext.Provider>
    </Box>
  );
}
