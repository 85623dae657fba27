import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { useTranslation } from 'react-i18next';
import type { DeviceToken, Msisdn } from '@lbs/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DetailsList } from '../../../components/details-card.tsx';
import { useNotify } from '../../../components/notifier.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { messageKeyFor } from '../../../lib/api/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeviceTokenStatus } from '../api/get-device-token.ts';
import { useIssueDeviceToken } from '../api/issue-device-token.ts';
import { useRevokeDeviceToken } from '../api/revoke-device-token.ts';

/**
 * The employee's tracking app (Traccar Client or OwnTracks) beside the network: whether it has a live token, and
 * issuing (shown once, with the settings to type into the app) or revoking it. Shown where the MSISDN's
 * `issueDeviceToken` ability allows it.
 */
export function DeviceTokenSection({ item }: { item: Msisdn }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const status = useDeviceTokenStatus(item.id);
  const issue = useIssueDeviceToken(item.id);
  const revoke = useRevokeDeviceToken(item.id);
  const [issued, setIssued] = useState<DeviceToken | null>(null);
  const [confirm, setConfirm] = useState<'reissue' | 'revoke' | null>(null);
  const active = status.data?.active === true;
  const when = (value: string | null | undefined) => formatDateTime(i18n.language, value);

  const issueNow = async () => {
    const token = await issue.mutateAsync();
    setIssued(token);
  };

  if (status.isError) return <ProblemAlert error={status.error} onRetry={() => void status.refetch()} />;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Typography sx={{ color: 'text.secondary', maxWidth: 760 }}>
        {t('msisdns.deviceToken.intro')}
      </Typography>
      <DetailsList
        items={[
          {
            label: t('msisdns.deviceToken.status'),
            value: status.isPending
              ? t('common.loading')
              : t(active ? 'msisdns.deviceToken.active' : 'msisdns.deviceToken.none'),
          },
          ...(active
            ? [
                { label: t('msisdns.deviceToken.issuedAt'), value: when(status.data?.createdAt) },
                {
                  label: t('msisdns.deviceToken.lastUsedAt'),
                  value: status.data?.lastUsedAt
                    ? when(status.data.lastUsedAt)
                    : t('msisdns.deviceToken.neverUsed'),
                },
              ]
            : []),
        ]}
      />
      {item.blockedBy.locate === 'location.noConsent' && (
        <Alert severity="info">{t('msisdns.deviceToken.consentNote')}</Alert>
      )}
      {issue.isError && !confirm && <Alert severity="error">{t(messageKeyFor(issue.error))}</Alert>}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<KeyIcon />}
          disabled={status.isPending || issue.isPending}
          onClick={() => (active ? setConfirm('reissue') : void issueNow().catch(() => undefined))}
        >
          {t(active ? 'msisdns.deviceToken.reissue' : 'msisdns.deviceToken.issue')}
        </Button>
        {active && (
          <Button
            variant="outlined"
            color="error"
            disabled={revoke.isPending}
            onClick={() => setConfirm('revoke')}
          >
            {t('msisdns.deviceToken.revoke')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirm === 'reissue'}
        title={t('msisdns.deviceToken.reissueTitle')}
        message={t('msisdns.deviceToken.reissueText')}
        confirmLabel={t('msisdns.deviceToken.reissue')}
        destructive={false}
        onConfirm={issueNow}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'revoke'}
        title={t('msisdns.deviceToken.revokeTitle')}
        message={t('msisdns.deviceToken.revokeText', { number: item.msisdn })}
        confirmLabel={t('msisdns.deviceToken.revoke')}
        onConfirm={async () => {
          await revoke.mutateAsync();
          notify(t('msisdns.deviceToken.revoked'));
        }}
        onClose={() => setConfirm(null)}
      />
      {issued && <IssuedTokenDialog token={issued} onClose={() => setIssued(null)} />}
    </Box>
  );
}

/** The new token and the apps' settings, shown this once. */
function IssuedTokenDialog({ token, onClose }: { token: DeviceToken; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="device-token-title">
      <DialogTitle id="device-token-title">{t('msisdns.deviceToken.issuedTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        <Alert severity="warning">{t('msisdns.deviceToken.shownOnce')}</Alert>
        <Setting label={t('msisdns.deviceToken.token')} value={token.token} testId="device-token-value" />
        <Box component="section" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="h6" component="h3">
            {t('msisdns.deviceToken.traccar')}
          </Typography>
          <Setting label={t('msisdns.deviceToken.serverUrl')} value={token.osmand.url} />
          <Setting label={t('msisdns.deviceToken.deviceId')} value={token.osmand.id} />
        </Box>
        <Box component="section" sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="h6" component="h3">
            {t('msisdns.deviceToken.owntracks')}
          </Typography>
          <Setting label={t('msisdns.deviceToken.url')} value={token.owntracks.url} />
          <Setting label={t('msisdns.deviceToken.username')} value={token.owntracks.username} />
          <Setting label={t('msisdns.deviceToken.password')} value={token.owntracks.password} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          {t('msisdns.deviceToken.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One value to type or paste into the app, with a copy button. */
function Setting({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify(t('msisdns.deviceToken.copied'));
    } catch {
      notify(t('msisdns.deviceToken.copyFailed'), 'error');
    }
  };
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          px: 1.5,
          py: 0.75,
        }}
      >
        <Box
          component="code"
          dir="ltr"
          data-testid={testId}
          sx={{
            flex: 1,
            minWidth: 0,
            fontFamily: 'monospace',
            fontSize: 13.5,
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {value}
        </Box>
        <Tooltip title={t('msisdns.deviceToken.copy')}>
          <IconButton
            size="small"
            onClick={() => void copy()}
            aria-label={`${t('msisdns.deviceToken.copy')}: ${label}`}
          >
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
