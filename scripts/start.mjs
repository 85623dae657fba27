#!/usr/bin/env node
// `npm start`: builds the web app once if it has not been built, then runs the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(root, process.env.WEB_DIST_DIR)
  : path.join(root, 'apps/web/dist');

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.log('LBS Portal: building the web app (first start)…');
  const build = spawnSync(npm, ['run', 'build', '-w', '@lbs/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.warn(
      `\nLBS Portal: WARNING: the web app did not build (${build.error?.message ?? `exit code ${build.status}`}).` +
        '\nStarting the API and identity provider without the web interface.\n',
    );
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});

// The server drains and exits on SIGINT/SIGTERM itself; pass the signal on and wait for it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  if (signal) {
    // Re-raise so our parent sees the same cause of death.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
server.on('error', (error) => {
  console.error('LBS Portal: could not start the server:', error);
  process.exit(1);
});
