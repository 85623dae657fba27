import { benchMonitorPage } from './monitor-page.ts';
const rows = await benchMonitorPage();
for (const r of rows) console.log(r.metric, r.value, r.unit);
process.exit(0);
