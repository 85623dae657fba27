/**
 * Run by pdf-fonts.test.ts in a process of its own (fontkit's glyph cache is process-wide): renders, one after the
 * other, a PDF of each list of words given (lists separated by "--") into `<dir>/<n>.pdf`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement as h } from 'react';
import { Document, Page, Text, renderToBuffer } from '@react-pdf/renderer';
import { pdfFontStack, preparePdfFonts } from './pdf-fonts.ts';

const [dir, ...args] = process.argv.slice(2);
const lists = args
  .join(' ')
  .split(' -- ')
  .map((list) => list.split(' '));
await preparePdfFonts();
for (const [n, words] of lists.entries()) {
  const page = h(
    Page,
    { size: 'A5', style: { fontFamily: pdfFontStack(true), padding: 40 } },
    ...words.map((word, i) => h(Text, { key: i }, word)),
  );
  writeFileSync(join(dir!, `${n}.pdf`), await renderToBuffer(h(Document, null, page) as never));
}
