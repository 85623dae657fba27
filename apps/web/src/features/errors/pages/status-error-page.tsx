import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ErrorPageShell } from '../components/error-page-shell.tsx';

export type ErrorStatus = '401' | '403' | '404' | '500' | '503';

const TEXT_KEYS: Record<ErrorStatus, string> = {
  '401': 'errorPage.401.text',
  '403': 'errorPage.403.text',
  '404': 'error.404',
  '500': 'error.500',
  '503': 'errorPage.503.text',
};

/** /error-pages/error-401 … error-503 (SPEC §2, §8). */
export function StatusErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPageShell code={status} title={t(`errorPage.${status}.title`)} text={t(TEXT_KEYS[status])}>
      <Button variant="contained" onClick={() => void navigate('/')}>
        {t('errorPage.goBackHome')}
      </Button>
    </ErrorPageShell>
  );
}
