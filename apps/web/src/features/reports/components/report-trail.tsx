import { useMemo } from 'react';
import type { ReportRow } from '@lbs/contracts';
import { MiniMap } from '../../../components/mini-map.tsx';

/**
 * The location history's trail: the positions of the table's page on the portal's small map (the one the MSISDN
 * details show), oldest first. Loaded with the map's texts (the `map` area) only when it is shown.
 */
export function ReportTrail({ rows, label }: { rows: readonly ReportRow[]; label: string }) {
  const trail = useMemo(
    () =>
      rows
        .filter((row) => typeof row.latitude === 'number' && typeof row.longitude === 'number')
        .map((row) => ({
          lat: row.latitude as number,
          lon: row.longitude as number,
          time: String(row.time ?? ''),
        }))
        .sort((a, b) => a.time.localeCompare(b.time)),
    [rows],
  );
  return <MiniMap trail={trail} position={trail.at(-1) ?? null} height={320} label={label} />;
}
