/**
 * The fonts of every PDF the server renders (invoices, report exports) with @react-pdf/renderer: Noto Sans, Noto
 * Naskh Arabic and Noto Sans CJK, from Debian's fonts-noto-core and fonts-noto-cjk (or PDF_FONT_DIR). react-pdf
 * falls back from family to family per character, so one text may mix Latin, Arabic and Chinese, and it shapes
 * Arabic and keeps its word order (bidi).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Font } from '@react-pdf/renderer';

const FAMILY = {
  latin: 'InvoiceNotoSans',
  arabic: 'InvoiceNotoNaskhArabic',
  cjk: 'InvoiceNotoSansCJK',
} as const;

interface FontFile {
  family: string;
  weight: 'normal' | 'bold';
  path: string;
  /** The face inside a TrueType collection (.ttc). */
  postscriptName?: string;
}

const DEBIAN_TRUETYPE_DIR = '/usr/share/fonts/truetype/noto';
const DEBIAN_OPENTYPE_DIR = '/usr/share/fonts/opentype/noto';

/** The Noto files, from Debian's fonts-noto-core and fonts-noto-cjk, or all from PDF_FONT_DIR when that is set. */
function fontFiles(fontDir: string | undefined): FontFile[] {
  const trueType = (file: string) => join(fontDir ?? DEBIAN_TRUETYPE_DIR, file);
  const openType = (file: string) => join(fontDir ?? DEBIAN_OPENTYPE_DIR, file);
  return [
    { family: FAMILY.latin, weight: 'normal', path: trueType('NotoSans-Regular.ttf') },
    { family: FAMILY.latin, weight: 'bold', path: trueType('NotoSans-Bold.ttf') },
    { family: FAMILY.arabic, weight: 'normal', path: trueType('NotoNaskhArabic-Regular.ttf') },
    { family: FAMILY.arabic, weight: 'bold', path: trueType('NotoNaskhArabic-Bold.ttf') },
    {
      family: FAMILY.cjk,
      weight: 'normal',
      path: openType('NotoSansCJK-Regular.ttc'),
      postscriptName: 'NotoSansCJKsc-Regular',
    },
    {
      family: FAMILY.cjk,
      weight: 'bold',
      path: openType('NotoSansCJK-Bold.ttc'),
      postscriptName: 'NotoSansCJKsc-Bold',
    },
  ];
}

/** The part of a loaded fontkit font that the glyph cache warm-up uses. */
interface LoadedFont {
  characterSet: number[];
  glyphForCodePoint(codePoint: number): unknown;
  layout(text: string): unknown;
}

let fontsReady: Promise<void> | null = null;

/** Registers, loads and warms the fonts once per process (react-pdf's font store is process-wide). */
export function preparePdfFonts(): Promise<void> {
  fontsReady ??= loadFonts().catch((error: unknown) => {
    fontsReady = null; // try again next time (the fonts may have been installed meanwhile)
    throw error;
  });
  return fontsReady;
}

async function loadFonts(): Promise<void> {
  const files = fontFiles(process.env.PDF_FONT_DIR || undefined);
  const missing = files.filter((file) => !existsSync(file.path)).map((file) => file.path);
  if (missing.length > 0) {
    throw new Error(
      `PDF fonts are missing: ${missing.join(', ')}. Install the Debian packages fonts-noto-core and ` +
        `fonts-noto-cjk (apt-get install fonts-noto-core fonts-noto-cjk), or set PDF_FONT_DIR to a folder that ` +
        `holds these files.`,
    );
  }
  for (const family of Object.values(FAMILY)) {
    Font.register({
      family,
      fonts: files
        .filter((file) => file.family === family)
        .map((file) => ({
          src: file.path,
          fontWeight: file.weight,
          ...(file.postscriptName ? { postscriptName: file.postscriptName } : {}),
        })),
    });
  }
  // Without this react-pdf hyphenates words at line ends ("MSIS-DN"); break only between words.
  Font.registerHyphenationCallback((word) => [word]);

  for (const file of files) {
    const descriptor = { fontFamily: file.family, fontWeight: file.weight };
    await Font.load(descriptor);
    const font = Font.getFont(descriptor).data as unknown as LoadedFont | null;
    if (!font) throw new Error(`Font ${file.path} did not load`);
    warmGlyphCache(font);
  }
}

/**
 * fontkit caches each glyph with the characters it was first met for, and pdfkit writes those into the PDF's
 * ToUnicode map (what text extraction and search read). When a composite glyph is embedded (Noto Sans's ":" is
 * built from "."), its component is first met with no characters, and every later PDF of the process would then
 * carry a "." that extracts as nothing. So each glyph is met first through its own character, before any rendering:
 * the map is right, and the same whatever the process rendered before.
 *
 * Compatibility characters are left out (NFKC changes them: Arabic presentation forms, Kangxi radicals, no-break
 * space…): they share glyphs with the real letters ("⼩" with "小"), or name contextual Arabic forms that shaping
 * should map back to the base letter. Code points go in ascending order, so a shared glyph gets the lowest.
 */
function warmGlyphCache(font: LoadedFont): void {
  const codePoints = [...font.characterSet].sort((a, b) => a - b);
  const arabicLetters: string[] = [];
  for (const codePoint of codePoints) {
    const char = String.fromCodePoint(codePoint);
    if (char.normalize('NFKC') !== char) continue;
    font.glyphForCodePoint(codePoint);
    if (ARABIC_LETTER.test(char)) arabicLetters.push(char);
  }
  // The forms shaping reaches: each Arabic letter at the start, in the middle and at the end of a word (beside a
  // tatweel, which joins on both sides), and lam with alef. Composite glyphs are built from them (ش is س with three
  // dots), so a PDF with ش first would otherwise meet the glyphs of س with no letter, and every later PDF's text
  // would lose its س ("الن بة" for "النسبة").
  // One text (each layout call plans its shaping anew: one call per form took two seconds).
  if (!arabicLetters.length) return;
  const forms = arabicLetters.map((l) => `${l}${TATWEEL} ${TATWEEL}${l}${TATWEEL} ${TATWEEL}${l}`);
  const lamAlef = ['\u0627', '\u0622', '\u0623', '\u0625'].map(
    (alef) => `\u0644${alef} ${TATWEEL}\u0644${alef}`,
  );
  font.layout([...forms, ...lamAlef].join(' '));
}

const ARABIC_LETTER = /^(?=\p{Script=Arabic})\p{L}$/u;
const TATWEEL = '\u0640';

/**
 * The font stack: react-pdf takes each character from the first family that has a glyph for it, so Arabic and
 * Chinese names render inside Latin text. Right-to-left documents put the Arabic face first (its digits and
 * punctuation then match the Arabic text around them).
 */
export const pdfFontStack = (rtl: boolean): string[] =>
  rtl ? [FAMILY.arabic, FAMILY.latin, FAMILY.cjk] : [FAMILY.latin, FAMILY.arabic, FAMILY.cjk];

const RTL_CHAR = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]/u;
const STRONG_LTR_CHAR = /[\p{L}]/u;

/** The direction of a free text (a name, an address) by its first strong character, as the Unicode bidi rules do. */
export function pdfTextDirection(text: string, fallback: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  for (const char of text) {
    if (RTL_CHAR.test(char)) return 'rtl';
    if (STRONG_LTR_CHAR.test(char)) return 'ltr';
  }
  return fallback;
}
