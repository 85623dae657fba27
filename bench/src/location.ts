/**
 * The location benchmarks (ingest, presence, polling, Monitor positions, the Monitor page in Chromium, attendance,
 * the invoice run, the reports, the SPA on the wire, a 1,000,000-row report export to CSV, replicas, partitions),
 * each on its own fresh database, printed as one table with the ratios measured in the same run.
 * `node --import tsx src/location.ts` runs them alone.
 */
import { pathToFileURL } from 'node:url';
import { benchIngest } from './ingest.ts';
import { benchMonitorPage } from './monitor-page.ts';
import { benchMonitorPositions } from './monitor-positions.ts';
import { benchPolling } from './polling.ts';
import { benchPresenceIngest } from './presence-ingest.ts';
import { benchAttendance } from './attendance.ts';
import { benchBilling } from './billing.ts';
import { benchBundle } from './bundle.ts';
import { benchReports } from './reports.ts';
import { benchReportExport } from './report-export.ts';
import { benchReplicas } from './replicas.ts';
import { benchPartitions } from './partitions.ts';
import type { BenchRow } from './location-setup.ts';

function format(row: BenchRow): string {
  const value =
    row.unit === 'ratio'
      ? row.value.toFixed(3)
      : row.value >= 100
        ? row.value.toFixed(0)
        : row.value.toFixed(1);
  return `${row.bench.padEnd(8)} ${row.metric.padEnd(110)} ${value.padStart(10)} ${row.unit}`;
}

export async function runLocationBenches(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  console.log(
    `\nLocation benches — ${process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite'}, Node ${process.version}`,
  );
  for (const bench of [
    benchIngest,
    benchPresenceIngest,
    benchPolling,
    benchMonitorPositions,
    benchMonitorPage,
    benchAttendance,
    benchBilling,
    benchReports,
    benchBundle,
    benchReportExport,
    benchReplicas,
    benchPartitions,
  ]) {
    const started = performance.now();
    const result = await bench();
    rows.push(...result);
    for (const row of result) console.log(format(row));
    console.log(`${''.padEnd(8)} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLocationBenches().catch((error: unknown) => {
    console.error('location bench failed:', error);
    process.exit(1);
  });
}
