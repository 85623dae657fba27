/**
 * Layout of the org forms: a two-column grid (one column on phones), titled sections spanning it, and the
 * Cancel/Save row. Also exported from form-fields.tsx.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Two columns on wide screens, one on phones. */
export function FormGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** A titled block of a form (e.g. "Tracking window", "Price plan"), spanning the grid. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ gridColumn: '1 / -1', mt: 1 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <FormGrid>{children}</FormGrid>
    </Box>
  );
}

/** Save (submit) and Cancel, aligned to the end (left in RTL). */
export function FormActions({
  submitLabel,
  cancelLabel,
  submitting,
  onCancel,
}: {
  submitLabel: string;
  cancelLabel?: string;
  submitting?: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
      {onCancel && (
        <Button variant="outlined" color="inherit" onClick={onCancel} disabled={submitting}>
          {cancelLabel ?? t('org.action.cancel')}
        </Button>
      )}
      <Button type="submit" variant="contained" disabled={submitting}>
        {submitLabel}
      </Button>
    </Box>
  );
}
