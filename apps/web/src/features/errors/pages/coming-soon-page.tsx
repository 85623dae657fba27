import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, TOO_LONG } from '@lbs/contracts';
import { ErrorPageShell } from '../components/error-page-shell.tsx';

const emailSchema = z
  .string()
  .trim()
  .min(1, 'validation.emailRequired')
  .max(EMAIL_MAX_LENGTH, TOO_LONG)
  .pipe(z.email('validation.emailInvalid'));

/**
 * SPEC §2 coming-soon page with Notify Me. There is no notification service behind it: the address is only
 * validated and acknowledged on screen.
 */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  return (
    <ErrorPageShell code="…" title={t('errorPage.comingSoon.title')} text={t('errorPage.comingSoon.text')}>
      {done ? (
        <Alert severity="success" role="status">
          {t('errorPage.comingSoon.thanks')}
        </Alert>
      ) : (
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = emailSchema.safeParse(email);
            if (parsed.success) {
              setError('');
              setDone(true);
            } else {
              setError(parsed.error.issues[0]?.message ?? 'validation.emailInvalid');
            }
          }}
          sx={{
            display: 'flex',
            gap: 1.5,
            alignItems: 'flex-start',
            justifyContent: 'center',
            flexWrap: 'wrap',
          }}
        >
          <TextField
            size="small"
            type="email"
            label={t('common.email')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(error)}
            helperText={error ? t(error) : ' '}
            sx={{ minWidth: 260 }}
          />
          <Button type="submit" variant="contained" sx={{ height: 40 }}>
            {t('errorPage.notifyMe')}
          </Button>
        </Box>
      )}
    </ErrorPageShell>
  );
}
