#!/usr/bin/env node
// The server for production: TypeScript compiled by esbuild into plain JavaScript under apps/server/dist, so that
// production runs `node apps/server/dist/main.js` from an install without dev dependencies (no tsx). The shared
// contracts (a workspace of TypeScript sources) are bundled in; every npm dependency stays external and is loaded
// from node_modules as usual. Entries: the server, the invoice and report PDF threads, the standalone network simulator.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const server = manifest(root);
const contracts = manifest(path.join(root, '../../packages/contracts'));
const external = [
  ...Object.keys(server.dependencies ?? {}),
  ...Object.keys(contracts.dependencies ?? {}),
].filter((name) => !name.startsWith('@lbs/'));

const outdir = path.join(root, 'dist');
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    'pdf-worker': 'src/modules/billing/pdf-worker.ts',
    'report-pdf-worker': 'src/modules/reports/export/pdf-worker.ts',
    simulator: 'src/location/simulator/main.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // `pkg/sub` imports of an external package are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS helpers may call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __lbsRequire } from 'node:module'; const require = __lbsRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`server built into ${path.relative(process.cwd(), outdir) || outdir}`);
