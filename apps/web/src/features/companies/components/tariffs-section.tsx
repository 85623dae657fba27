import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { Tariff } from '@lbs/contracts';
import { DelayedLoader } from '../../../components/delayed-loader.tsx';
import { DetailsSection } from '../../../components/details-card.tsx';
import { ProblemAlert } from '../../../components/problem-alert.tsx';
import { useCan } from '../../../lib/permissions.ts';
import { formatDecimal, formatPercent, formatPeriod, formatPrice } from '../../../lib/format.ts';
import { useTariffs } from '../api/list-tariffs.ts';
import { TariffDialog } from './tariff-dialog.tsx';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function TariffRow({ tariff }: { tariff: Tariff }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rebate =
    tariff.rebateKind === 'PERCENT'
      ? formatPercent(locale, tariff.rebateValue)
      : tariff.rebateKind === 'FIXED'
        ? formatPrice(locale, tariff.rebateValue, tariff.currency)
        : t('tariff.rebateKind.NONE');
  const days = (count: number) => t('org.unit.daysCount', { count });
  return (
    <TableRow>
      <TableCell sx={{ ...num, fontWeight: 600 }}>{formatPeriod(locale, tariff.effectiveFrom)}</TableCell>
      <TableCell>{tariff.currency}</TableCell>
      <TableCell align="right" sx={num}>
        {formatPrice(locale, tariff.monthlyFee, tariff.currency)}
      </TableCell>
      <TableCell align="right" sx={num}>
        {formatPrice(locale, tariff.pricePerLocate, tariff.currency)}
      </TableCell>
      <TableCell align="right" sx={num}>
        {formatDecimal(locale, String(tariff.includedLocates))}
      </TableCell>
      <TableCell>{t(`tariff.rule.${tariff.billableLocates}`)}</TableCell>
      <TableCell>{t(`tariff.proration.${tariff.proration}`)}</TableCell>
      <TableCell sx={num}>{rebate}</TableCell>
      <TableCell align="right" sx={num}>
        {formatPercent(locale, tariff.taxRatePercent)}
      </TableCell>
      <TableCell sx={num}>{days(tariff.paymentTermsDays)}</TableCell>
      <TableCell sx={num}>{days(tariff.graceDays)}</TableCell>
    </TableRow>
  );
}

/**
 * The company's tariff versions (newest first) and, where the permissions allow it (SuperAdmin), "Add tariff
 * version". Texts of the `billing` area.
 */
export function TariffsSection({
  companyId,
  currency,
}: {
  companyId: number;
  /** The company's currency, the first version's default. */
  currency: string;
}) {
  const { t } = useTranslation();
  const canAdd = useCan()('tariff', 'create');
  const query = useTariffs(companyId);
  const [adding, setAdding] = useState(false);
  const tariffs = query.data ?? [];
  return (
    <DetailsSection title={t('tariff.title')}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1, minWidth: 240 }}>
          {t('tariff.intro')}
        </Typography>
        {canAdd && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t('tariff.add')}
          </Button>
        )}
      </Box>
      <ProblemAlert error={query.error} onRetry={() => void query.refetch()} />
      {query.isPending && <DelayedLoader />}
      {query.isSuccess && tariffs.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{t('tariff.none')}</Typography>
      )}
      {tariffs.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('tariff.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tariff.field.effectiveFrom')}</TableCell>
                <TableCell>{t('tariff.field.currency')}</TableCell>
                <TableCell align="right">{t('tariff.field.monthlyFee')}</TableCell>
                <TableCell align="right">{t('tariff.field.pricePerLocate')}</TableCell>
                <TableCell align="right">{t('tariff.field.includedLocates')}</TableCell>
                <TableCell>{t('tariff.field.billableLocates')}</TableCell>
                <TableCell>{t('tariff.field.proration')}</TableCell>
                <TableCell>{t('tariff.field.rebate')}</TableCell>
                <TableCell align="right">{t('tariff.field.tax')}</TableCell>
                <TableCell>{t('tariff.field.paymentTerms')}</TableCell>
                <TableCell>{t('tariff.field.graceDays')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tariffs.map((tariff) => (
                <TariffRow key={tariff.id} tariff={tariff} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {adding && (
        <TariffDialog
          companyId={companyId}
          latest={tariffs[0]}
          currency={currency}
          onClose={() => setAdding(false)}
        />
      )}
    </DetailsSection>
  );
}
