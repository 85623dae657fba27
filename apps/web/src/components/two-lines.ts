/** A cell's text on up to two lines, then cut at its end with an ellipsis (WrappedCell, CellText). */
export const TWO_LINES = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  lineHeight: 1.25,
  textAlign: 'match-parent',
} as const;
