#!/usr/bin/env node
// Assembles the production release into a directory: the web app and the server built (plain JavaScript, no tsx at
// run time), the package manifests and lock file, and the server's dependencies installed with
// `npm ci --omit=dev` (no TypeScript, test or build tools). Run it from a checkout with the dev dependencies
// installed (`npm ci`). The Dockerfile (deploy/Dockerfile) and the browser test of the production build
// (e2e/tests/production.test.ts) both use this script; start the release with `node apps/server/dist/main.js`.
//
//   node scripts/package-production.mjs <directory> [--reuse-web]
//
// --reuse-web: keep an existing apps/web/dist instead of building the web app again.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [target, ...flags] = process.argv.slice(2);
if (!target) {
  console.error('usage: node scripts/package-production.mjs <directory> [--reuse-web]');
  process.exit(2);
}
const out = path.resolve(target);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args, cwd) {
  const result = spawnSync(npm, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`npm ${args.join(' ')} failed (${result.error?.message ?? result.status})`);
}

if (!(flags.includes('--reuse-web') && existsSync(path.join(root, 'apps/web/dist/index.html'))))
  run(['run', 'build', '-w', '@lbs/web'], root);
run(['run', 'build', '-w', '@lbs/server'], root);

// npm ci needs every workspace's manifest beside the lock file, even those it does not install.
rmSync(out, { recursive: true, force: true });
for (const workspace of ['.', 'packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  mkdirSync(path.join(out, workspace), { recursive: true });
  cpSync(path.join(root, workspace, 'package.json'), path.join(out, workspace, 'package.json'));
}
cpSync(path.join(root, 'package-lock.json'), path.join(out, 'package-lock.json'));
cpSync(path.join(root, 'apps/server/dist'), path.join(out, 'apps/server/dist'), { recursive: true });
cpSync(path.join(root, 'apps/web/dist'), path.join(out, 'apps/web/dist'), { recursive: true });
run(['ci', '--omit=dev', '--workspace', '@lbs/server', '--no-audit', '--no-fund'], out);
console.log(`production release in ${out}: start it with \`node apps/server/dist/main.js\``);
