import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import PrivacyTipOutlinedIcon from '@mui/icons-material/PrivacyTipOutlined';
import { useTranslation } from 'react-i18next';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { useAcknowledgePia } from '../api/acknowledge-pia.ts';

const SECTIONS = ['what', 'why', 'lawful', 'consent', 'privacy'] as const;

/**
 * The privacy notice (acknowledgement) modal: it cannot be dismissed; 'Agree and Continue' stays disabled until
 * the Accept box is ticked (SPEC §5).
 */
export function PiaDialog({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const mutation = useAcknowledgePia();
  const titleId = useId();
  return (
    <Dialog open={open} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <PrivacyTipOutlinedIcon color="primary" aria-hidden />
        {t('pia.title')}
      </DialogTitle>
      <DialogContent dividers>
        <Typography sx={{ mb: 2 }}>{t('pia.intro')}</Typography>
        {SECTIONS.map((section) => (
          <Box key={section} sx={{ mb: 2 }}>
            <Typography variant="h4" component="h3" sx={{ mb: 0.5 }}>
              {t(`pia.${section}.title`)}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t(`pia.${section}.text`)}</Typography>
          </Box>
        ))}
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t(messageKeyFor(mutation.error))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
          label={t('pia.accept')}
        />
        <Button
          variant="contained"
          disabled={!accepted || mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {t('pia.agreeAndContinue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
