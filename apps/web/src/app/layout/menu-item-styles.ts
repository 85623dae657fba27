import type { SxProps, Theme } from '@mui/material/styles';
import type { MenuStyle } from '../../features/settings/settings-model.ts';
import type { SidebarColors } from '../../theme/sidebar-colors.ts';

/**
 * Sidebar item look per menu style. Physical left/right are written for left-to-right; the RTL emotion cache
 * mirrors them for Arabic.
 */
export function menuItemSx(style: MenuStyle, colors: SidebarColors, nested: boolean): SxProps<Theme> {
  // Margins in px; the width is set explicitly so native <button> group headers stretch like the links.
  const shape: Record<
    MenuStyle,
    { marginLeft: number; marginRight: number; borderRadius: string | number; extra?: object }
  > = {
    default: { marginLeft: 12, marginRight: 12, borderRadius: '8px' },
    standard: {
      marginLeft: 0,
      marginRight: 0,
      borderRadius: 0,
      extra: { '&.active': { boxShadow: 'inset -4px 0 0 #0A8FDC' } },
    },
    rounded: { marginLeft: 0, marginRight: 16, borderRadius: '0 30px 30px 0' },
    'rounded-reverse': { marginLeft: 16, marginRight: 0, borderRadius: '30px 0 0 30px' },
    curved: { marginLeft: 12, marginRight: 12, borderRadius: '22px' },
  };
  const { marginLeft, marginRight, borderRadius, extra } = shape[style];
  return {
    minHeight: 42,
    my: 0.25,
    pl: nested ? 5.5 : 2.5,
    pr: 2,
    color: colors.text,
    '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 36 },
    '& .MuiSvgIcon-root': { fontSize: 20 },
    '&:hover': { bgcolor: colors.hover },
    '&.active': {
      bgcolor: colors.selectedBackground,
      color: colors.selectedText,
      '& .MuiListItemText-primary': { fontWeight: 600 },
    },
    '&.active:hover': { bgcolor: colors.selectedBackground },
    // The entry's own text colour: it reaches 4.5:1 on every sidebar colour set (the brand blue does not).
    '&.Mui-focusVisible': { outline: `2px solid ${colors.text}`, outlineOffset: -2 },
    marginLeft: `${marginLeft}px`,
    marginRight: `${marginRight}px`,
    width: `calc(100% - ${marginLeft + marginRight}px)`,
    borderRadius,
    ...extra,
  };
}
