import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { TWO_LINES } from './two-lines.ts';

/**
 * A grid cell's text beside something else (an icon, a dot): in its own direction (a Latin name in the Arabic
 * interface keeps its beginning) on up to two lines, then cut at its end with an ellipsis when the column is narrow.
 */
export function CellText({ children }: { children: ReactNode }) {
  return (
    <Box component="span" dir="auto" sx={{ minWidth: 0, ...TWO_LINES }}>
      {children}
    </Box>
  );
}
