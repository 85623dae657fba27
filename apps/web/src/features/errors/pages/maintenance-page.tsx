import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ErrorPageShell } from '../components/error-page-shell.tsx';

export function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ErrorPageShell code="⚙" title={t('errorPage.maintenance.title')} text={t('error.maintenance')}>
      <Button variant="contained" onClick={() => void navigate('/')}>
        {t('errorPage.takeMeHome')}
      </Button>
    </ErrorPageShell>
  );
}
