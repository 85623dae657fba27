import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A grid cell's text beside something else (an icon, a dot): in its own direction (a Latin name in the Arabic
 * interface keeps its beginning) on up to two lines, then cut at its end with an ellipsis when the column is narrow.
 */
export function CellText({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      dir="auto"
      sx={{
        minWidth: 0,
        display: '-webkit-box',
        WebkitBoxOrient: 'vertical',
        WebkitLineClamp: 2,
        overflow: 'hidden',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        lineHeight: 1.25,
        textAlign: 'match-parent',
      }}
    >
      {children}
    </Box>
  );
}
