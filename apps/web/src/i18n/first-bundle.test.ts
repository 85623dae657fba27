// @vitest-environment node
/**
 * The first bundle (what index.html loads before anything renders: its module script, its modulepreloads and their
 * static imports) holds no other language's strings: they load with the language. Builds the app once (a few
 * seconds) into a temporary folder, so the check always sees the current code.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { LOCALE_CODES } from '@lbs/contracts';
import { AREAS, loadAreaStrings } from './index.ts';

const WEB_ROOT = fileURLToPath(new URL('../..', import.meta.url));
let outDir = '';

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'lbs-web-first-bundle-'));
  await build({
    root: WEB_ROOT,
    configFile: path.join(WEB_ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** index.html's eager files and, transitively, their static `import … from "./x.js"` (dynamic imports excluded). */
function eagerFiles(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const queue = [
    ...html.matchAll(
      /<script[^>]*type="module"[^>]*src="([^"]+)"|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    ),
  ].map((m) => (m[1] ?? m[2])!);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(
      /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'`](\.\.?\/[^"'`]+\.js)["'`]/g,
    ))
      queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
  }
  return [...seen];
}

/** Every non-English string of at least 16 characters (shorter words can be other text: MUI’s own translations, identifiers) (written as is by the bundler: no quotes or escapes). */
async function foreignStrings(): Promise<Map<string, string>> {
  const english = new Set<string>();
  const found = new Map<string, string>();
  for (const area of AREAS) {
    for (const value of Object.values(await loadAreaStrings(area, 'en-US'))) english.add(value);
  }
  for (const area of AREAS) {
    for (const code of LOCALE_CODES.filter((c) => c !== 'en-US')) {
      for (const [key, value] of Object.entries(await loadAreaStrings(area, code))) {
        if (value.length >= 16 && !english.has(value) && !/[`\\\n]|\$\{/.test(value))
          found.set(value, `${code} ${key}`);
      }
    }
  }
  return found;
}

describe('the first bundle', () => {
  it('holds the shell in English and no other language’s strings', async () => {
    const files = eagerFiles(outDir);
    const code = files.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
    expect(files.length).toBeGreaterThan(1);
    expect(code).toContain('Main navigation'); // the shell's English is there (and the search would see it)
    const strings = await foreignStrings();
    expect(strings.size).toBeGreaterThan(1000);
    const leaked = [...strings]
      .filter(([value]) => code.includes(value))
      .map(([value, where]) => `${where}: ${value}`);
    expect(leaked).toEqual([]);
  });
});
