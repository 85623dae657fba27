import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useTranslation } from 'react-i18next';
import type { LocateBlocker, LocateResult, Msisdn } from '@lbs/contracts';
import { isMessageKey, messageKeyFor } from '../lib/api/api-error.ts';
import { useLocateNow } from '../shared-api/msisdns/locate-now.ts';

/** "Locate now" for one MSISDN as the server's policy decided it: allowed, or not (and why, when the number's state is the reason). */
export interface LocateAbility {
  allowed: boolean;
  blocker?: LocateBlocker | undefined;
}

/** The `locate` ability of an MSISDN answer. */
export function locateAbilityOf(msisdn: Pick<Msisdn, 'abilities' | 'blockedBy'>): LocateAbility {
  return { allowed: msisdn.abilities.locate, blocker: msisdn.blockedBy.locate };
}

/**
 * The "Locate now" button of one MSISDN with what it says: why it is disabled (the server's reason), then the
 * network's answer (located, or the translated reason: absent subscriber, outside the window, rate limited, …).
 * Without `locate` (the MSISDN's answer is not loaded yet) the button is enabled and the server decides.
 *
 *   <LocateNowAction msisdnId={id} locate={locateAbilityOf(msisdn)} onLocated={(result) => …} />
 */
export function LocateNowAction({
  msisdnId,
  locate: ability,
  onLocated,
  variant = 'contained',
}: {
  msisdnId: number;
  locate: LocateAbility | undefined;
  onLocated: (result: LocateResult) => unknown;
  variant?: 'contained' | 'outlined';
}) {
  const { t } = useTranslation();
  const locate = useLocateNow(onLocated);
  const blockerId = `locate-blocked-${msisdnId}`;
  const blocker = ability?.blocker;

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
        disabled={ability?.allowed === false || locate.isPending}
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
