import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { LIST_EXPORT_FORMATS, type ListExportFormat, type ListExportKey } from '@lbs/contracts';
import { ApiError, messageKeyFor } from '../lib/api/api-error.ts';
import {
  downloadListExport,
  type ListExportParams,
} from '../shared-api/list-exports/download-list-export.ts';
import { useNotify } from './notifier.tsx';

/**
 * A list page's Export: the whole list with the grid's current filters, search and sort, as CSV (Excel reads its
 * Arabic) or XLSX, with the column titles in the interface language. The server answers the caller's slice only.
 */
export function ListExportButton({ list, params }: { list: ListExportKey; params: ListExportParams }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState(false);
  const download = async (format: ListExportFormat) => {
    setAnchor(null);
    setPending(true);
    try {
      await downloadListExport(list, params, format, i18n.language);
    } catch (error) {
      notify(error instanceof ApiError ? t(messageKeyFor(error)) : t('common.exportFailed'), 'error');
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        disabled={pending}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ marginInlineStart: { sm: 'auto' } }}
      >
        {t('common.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LIST_EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void download(format)}>
            {t(`common.exportAs.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
