import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';

export function SettingsSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 3 }}>
      <Typography id={id} variant="h5" component="h3" sx={{ mb: 1.25 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A labelled single-choice group of text options. */
export function ChoiceGroup<T extends string>({
  labelledBy,
  value,
  options,
  onChange,
  label,
  vertical = false,
}: {
  /** Many or long options read better as a column. */
  vertical?: boolean;
  labelledBy: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  label: (value: T) => string;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      color="primary"
      orientation={vertical ? 'vertical' : 'horizontal'}
      value={value}
      aria-labelledby={labelledBy}
      onChange={(_event, next: T | null) => {
        if (next !== null) onChange(next);
      }}
    >
      {options.map((option) => (
        <ToggleButton key={option} value={option} sx={{ py: 0.75 }}>
          {label(option)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
