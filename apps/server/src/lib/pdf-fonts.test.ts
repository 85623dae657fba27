import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'pdf-fonts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The words of each PDF as text extraction reads them, rendered in turn by one fresh process. */
function wordsOfPdfsRenderedInTurn(lists: string[][]): string[][] {
  const fixture = fileURLToPath(new URL('./pdf-fonts.fixture.ts', import.meta.url));
  execFileSync(
    process.execPath,
    ['--import', 'tsx', fixture, dir, lists.map((l) => l.join(' ')).join(' -- ')],
    {
      stdio: 'pipe',
    },
  );
  return lists.map((_, n) =>
    execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, `${n}.pdf`), '-'], { encoding: 'utf8' })
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '')
      .split(/\s+/u)
      .filter(Boolean),
  );
}

describe('PDF fonts', () => {
  it('keeps every Arabic letter in the text layer whatever the process rendered before', () => {
    // ش is drawn as س with three dots: a PDF that embeds it first meets the glyph of س (initial, medial) as a part
    // of another, with no letter. The text a later PDF's search and copy read then lost its س ("الن بة").
    const [, later] = wordsOfPdfsRenderedInTurn([
      ['المشتركين', 'الشهر', 'شمس', 'يشتغل'],
      ['النسبة', 'سبت', 'مسار', 'سهل'],
    ]);
    expect(later).toEqual(['النسبة', 'سبت', 'مسار', 'سهل']);
  });
});
