import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GridRenderCellParams } from '@mui/x-data-grid';
import { TWO_LINES } from './two-lines.ts';

/**
 * A grid cell's text on up to two lines, then an ellipsis (its whole text in the tooltip), instead of one line cut
 * short. The text takes its own direction (a Latin department name in an Arabic page keeps its beginning and is cut
 * at its end) and the cell's alignment, centred in the row's height.
 */
export function WrappedCell({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      <Typography component="span" variant="body2" dir="auto" title={text} sx={TWO_LINES}>
        {children ?? text}
      </Typography>
    </Box>
  );
}

/** A column's renderCell: its (formatted) value in a WrappedCell. */
export function renderWrapped({ value, formattedValue }: GridRenderCellParams): ReactNode {
  return <WrappedCell text={String(formattedValue ?? value ?? '')} />;
}
