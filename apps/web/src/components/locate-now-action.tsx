import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';
import type { ConsentStatus, LocateResult } from '@lbs/contracts';
import { isMessageKey, messageKeyFor } from '../lib/api/api-error.ts';
import { useLocateNow } from '../shared-api/msisdns/locate-now.ts';

export type LocateBlocker = 'location.noConsent' | 'location.trackingOff';

/** Why "Locate now" cannot work for an MSISDN (the server refuses it the same way), or null. */
export function locateBlocker(consentStatus: ConsentStatus, trackingEnabled: boolean): LocateBlocker | null {
  if (consentStatus !== 'GRANTED') return 'location.noConsent';
  if (!trackingEnabled) return 'location.trackingOff';
  return null;
}

/**
 * The "Locate now" button of one MSISDN with what it says: why it is disabled, then the network's answer (located,
 * or the translated reason: absent subscriber, outside the window, rate limited, …).
 *
 *   <LocateNowAction msisdnId={id} blocker={locateBlocker(consent, tracking)} onLocated={(result) => …} />
 */
export function LocateNowAction({
  msisdnId,
  blocker,
  onLocated,
  variant = 'contained',
}: {
  msisdnId: number;
  blocker: LocateBlocker | null;
  onLocated: (result: LocateResult) => unknown;
  variant?: 'contained' | 'outlined';
}) {
  const { t } = useTranslation();
  const locate = useLocateNow(onLocated);
  const blockerId = `locate-blocked-${msisdnId}`;

  let outcome: ReactNode = null;
  if (locate.isError) {
    outcome = (
      <Alert severity="error" role="alert">
        {t(messageKeyFor(locate.error))}
      </Alert>
    );
  } else if (locate.data?.status === 'LOCATED') {
    outcome = (
      <Alert severity="success" role="status">
        {t('monitor.locate.located')}
      </Alert>
    );
  } else if (locate.data?.status === 'FAILED') {
    const reason =
      locate.data.reason && isMessageKey(locate.data.reason) ? locate.data.reason : 'location.failed';
    outcome = (
      <Alert severity="warning" role="alert">
        {t(reason)}
      </Alert>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Button
        variant={variant}
        startIcon={locate.isPending ? <CircularProgress size={16} color="inherit" /> : <MyLocationIcon />}
        disabled={blocker !== null || locate.isPending}
        aria-describedby={blocker ? blockerId : undefined}
        onClick={() => locate.mutate(msisdnId)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {locate.isPending ? t('monitor.locate.running') : t('monitor.locate.button')}
      </Button>
      {blocker && (
        <Typography id={blockerId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t(blocker)}
        </Typography>
      )}
      {outcome}
    </Box>
  );
}
