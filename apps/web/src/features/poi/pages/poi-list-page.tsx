import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/Upload';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { canOpenRouteId, POI_EXPORT_FORMATS, type Poi } from '@lbs/contracts';
import { CellText } from '../../../components/cell-text.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { exportPois } from '../api/export-pois.ts';
import { PageFrame } from '../../../components/page-frame.tsx';
import { PoiMap, type MapPoi } from '../../../components/poi-map.tsx';
import { extentOf } from '../../../components/poi-map-engine.ts';
import { ServerDataGrid } from '../../../components/server-data-grid.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useCan } from '../../../lib/permissions.ts';
import { pathFor } from '../../../lib/route-links.ts';
import { poisQueryOptions } from '../api/list-pois.ts';
import { poiFeaturesQueryOptions } from '../../../shared-api/pois/poi-features.ts';
import { PoiDetailsPanel } from '../components/poi-details-panel.tsx';
import { PoiImportDialog } from '../components/poi-import-dialog.tsx';
import { sizeOf } from '../components/poi-format.ts';

/** /poi: the POIs in scope as a list beside a map; the selected one shows who is there and its visits. */
export function PoiListPage() {
  const { t, i18n } = useTranslation();
  const { role } = useCurrentUser();
  const allowed = useCan();
  const locale = i18n.language;
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const features = useQuery(poiFeaturesQueryOptions());
  const mapPois = useMemo<MapPoi[]>(() => features.data?.items ?? [], [features.data]);
  const frameTo = useMemo(() => extentOf(mapPois.map((p) => p.geometry)), [mapPois]);
  const select = useCallback((id: number) => setSelectedId(id), []);
  const [exportAnchor, setExportAnchor] = useState<HTMLElement | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const [importing, setImporting] = useState(false);

  const columns = useMemo<GridColDef<Poi>[]>(
    () => [
      {
        field: 'name',
        headerName: t('poi.fields.name'),
        flex: 1.4,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: row.color, flexShrink: 0 }} />
            <CellText>{row.name}</CellText>
          </Box>
        ),
      },
      // The operator sees every company's POIs: which company each is.
      ...(role === 'SuperAdmin'
        ? [
            {
              field: 'companyName',
              headerName: t('poi.fields.company'),
              flex: 1,
              minWidth: 130,
            } satisfies GridColDef<Poi>,
          ]
        : []),
      {
        field: 'categoryName',
        headerName: t('poi.fields.category'),
        flex: 1,
        minWidth: 130,
        valueFormatter: (value: string | null) => value ?? t('poi.noCategory'),
      },
      {
        field: 'shape',
        headerName: t('poi.fields.size'),
        minWidth: 150,
        sortable: false,
        valueGetter: (_value, row) => `${t(`poi.shape.${row.geometry.type}`)} · ${sizeOf(t, locale, row)}`,
      },
      { field: 'assignmentCount', headerName: t('poi.fields.assignments'), type: 'number', minWidth: 110 },
      {
        field: 'insideCount',
        headerName: t('poi.fields.insideNow'),
        type: 'number',
        minWidth: 110,
        sortable: false,
      },
      {
        field: 'active',
        headerName: t('poi.fields.active'),
        minWidth: 90,
        sortable: false,
        valueFormatter: (value: boolean) => (value ? t('poi.yes') : t('poi.no')),
      },
    ],
    [t, locale, role],
  );
  const title = t('route.poiList');

  return (
    <PageFrame
      title={title}
      crumbs={[{ label: t('poi.area') }]}
      actions={
        <Stack direction="row" spacing={1}>
          {allowed('poi', 'export') && (
            <>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                onClick={(e) => setExportAnchor(e.currentTarget)}
                aria-haspopup="menu"
              >
                {t('poi.export.button')}
              </Button>
              <Menu
                anchorEl={exportAnchor}
                open={exportAnchor !== null}
                onClose={() => setExportAnchor(null)}
              >
                {POI_EXPORT_FORMATS.map((format) => (
                  <MenuItem
                    key={format}
                    onClick={() => {
                      setExportAnchor(null);
                      setExportError(null);
                      exportPois(format).catch(setExportError);
                    }}
                  >
                    {t(`poi.export.${format}`)}
                  </MenuItem>
                ))}
              </Menu>
            </>
          )}
          {allowed('poi', 'import') && (
            <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setImporting(true)}>
              {t('poi.import.button')}
            </Button>
          )}
          {allowed('poi', 'create') && canOpenRouteId('poiCreate', role) && (
            <Button
              component={RouterLink}
              to={pathFor('poiCreate')}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('route.poiCreate')}
            </Button>
          )}
        </Stack>
      }
    >
      {exportError !== null && <ProblemAlert error={exportError} />}
      <PoiImportDialog open={importing} onClose={() => setImporting(false)} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <ServerDataGrid<Poi>
            label={title}
            query={poisQueryOptions}
            columns={columns}
            defaultSort="name"
            onRowClick={(row) => setSelectedId(row.id)}
            gridProps={{
              rowSelectionModel: { type: 'include', ids: new Set(selectedId ? [selectedId] : []) },
            }}
          />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <PoiMap
            pois={mapPois}
            selectedId={selectedId}
            onSelect={select}
            frameTo={frameTo}
            height={380}
            label={t('poi.map.label')}
          />
          {selectedId ? (
            <PoiDetailsPanel id={selectedId} onDeleted={() => setSelectedId(null)} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('poi.details.empty')}
            </Typography>
          )}
        </Box>
      </Box>
    </PageFrame>
  );
}
