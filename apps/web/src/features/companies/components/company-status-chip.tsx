import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { CompanyStatus } from '@lbs/contracts';

export function CompanyStatusChip({ status }: { status: CompanyStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`org.company.status.${status}`)}
      color={status === 'ACTIVE' ? 'success' : 'warning'}
      variant="outlined"
    />
  );
}
