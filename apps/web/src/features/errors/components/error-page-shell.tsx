import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ErrorIllustration } from '../../../components/error-illustration.tsx';

/** Full-page layout shared by the anonymous error pages (no sidebar, no top bar). */
export function ErrorPageShell({
  code,
  title,
  text,
  children,
}: {
  code: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        p: 3,
      }}
    >
      <Box sx={{ textAlign: 'center', maxWidth: 560 }}>
        <ErrorIllustration label={code} />
        <Typography variant="h2" component="h1" sx={{ mt: 3, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3.5 }}>{text}</Typography>
        {children}
      </Box>
    </Box>
  );
}
