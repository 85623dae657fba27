import Box from '@mui/material/Box';

/** Decorative: a large label (status code) over a soft map-pin motif. */
export function ErrorIllustration({ label }: { label: string }) {
  return (
    <Box
      aria-hidden
      sx={{ position: 'relative', display: 'inline-flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Box
        component="svg"
        viewBox="0 0 200 200"
        sx={{ width: 180, height: 180, color: 'primary.main', opacity: 0.14 }}
      >
        <circle cx="100" cy="100" r="96" fill="currentColor" />
      </Box>
      <Box
        sx={{
          position: 'absolute',
          fontSize: label.length > 2 ? 56 : 72,
          fontWeight: 700,
          color: 'primary.main',
          letterSpacing: 2,
          direction: 'ltr',
        }}
      >
        {label}
      </Box>
    </Box>
  );
}
