import { lazy, Suspense, type ReactElement } from 'react';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip for the shell's icon buttons, loaded after the first render: the tooltip and its positioning engine
 * (Popper, ~20 KB) stay out of the first bundle. Until it has loaded the button shows without its hint — the button
 * carries its own aria-label, so nothing is lost to a screen reader or the keyboard.
 */
export function DeferredTooltip({ title, children }: { title: string; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={title}>{children}</Tooltip>
    </Suspense>
  );
}
