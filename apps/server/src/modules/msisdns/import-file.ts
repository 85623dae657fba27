import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  MSISDN_IMPORT_COLUMNS,
  MSISDN_IMPORT_MAX_ROWS,
  MSISDN_IMPORT_REQUIRED_COLUMNS,
  MESSAGES,
  type ImportFormat,
} from '@lbs/contracts';
import { AppError } from '../../lib/errors.ts';

export type ImportColumn = (typeof MSISDN_IMPORT_COLUMNS)[number];
/** One data row: its spreadsheet row number and its cells by import column (trimmed text). */
export interface ImportRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}
export interface ParsedImport {
  format: ImportFormat;
  rows: ImportRow[];
}

/** Header spellings people use, compared without case, spaces or punctuation. */
const ALIASES: Record<ImportColumn, string[]> = {
  msisdn: ['msisdn', 'number', 'phone', 'phonenumber', 'mobile', 'mobilenumber'],
  employeeName: ['employeename', 'name', 'fullname', 'employee'],
  employeeCode: ['employeecode', 'code', 'employeeid', 'employeenumber'],
  email: ['email', 'emailaddress', 'mail'],
  department: ['department', 'departmentname', 'dept'],
  zone: ['zone', 'zonename'],
  designation: ['designation', 'designationname', 'jobtitle', 'title'],
  trackingEnabled: ['trackingenabled', 'tracking'],
};

const key = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Largest inflated size accepted for an XLSX (a small zip can inflate to gigabytes). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

const fail = (
  code: 'import.unreadable' | 'import.empty' | 'import.tooManyRows' | 'import.unsupportedType',
  status = 400,
) => new AppError(status, code, MESSAGES[code]);

/** Sum of the uncompressed sizes the zip's central directory declares; undefined when it cannot be read. */
export function declaredInflatedSize(buffer: Buffer): number | undefined {
  const floor = Math.max(0, buffer.length - 22 - 65_535);
  for (let i = buffer.length - 22; i >= floor; i--) {
    if (buffer.readUInt32LE(i) !== 0x06054b50) continue;
    const entries = buffer.readUInt16LE(i + 10);
    let p = buffer.readUInt32LE(i + 16);
    let total = 0;
    for (let n = 0; n < entries; n++) {
      if (p + 46 > buffer.length || buffer.readUInt32LE(p) !== 0x02014b50) return undefined;
      const size = buffer.readUInt32LE(p + 24);
      if (size === 0xffffffff) return undefined;
      total += size;
      p += 46 + buffer.readUInt16LE(p + 28) + buffer.readUInt16LE(p + 30) + buffer.readUInt16LE(p + 32);
    }
    return total;
  }
  return undefined;
}

function isZip(buffer: Buffer): boolean {
  return buffer.length > 4 && buffer.readUInt32LE(0) === 0x04034b50;
}

async function xlsxTable(buffer: Buffer): Promise<{ row: number; values: string[] }[]> {
  const inflated = declaredInflatedSize(buffer);
  if (inflated === undefined || inflated > MAX_INFLATED_BYTES) throw fail('import.unreadable');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw fail('import.unreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fail('import.empty');
  if (sheet.actualRowCount > MSISDN_IMPORT_MAX_ROWS + 1) throw fail('import.tooManyRows');
  const table: { row: number; values: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) values.push(row.getCell(c).text ?? '');
    table.push({ row: rowNumber, values });
  });
  return table;
}

/** UTF-8 (with or without BOM), UTF-16LE with BOM (Excel's "Unicode text"), else Windows-1252 (older Excel). */
function decodeText(buffer: Buffer): string {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

function csvTable(buffer: Buffer): { row: number; values: string[] }[] {
  const text = decodeText(buffer);
  if (text.includes('\u0000')) throw fail('import.unreadable');
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  // Spreadsheets in many locales write ';' (or tabs) instead of ','.
  const delimiter = [',', ';', '\t'].reduce(
    (best, d) => (firstLine.split(d).length > firstLine.split(best).length ? d : best),
    ',',
  );
  try {
    const records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      to_line: MSISDN_IMPORT_MAX_ROWS + 50,
    }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return records.map(({ record, info }) => ({ row: info.lines, values: record }));
  } catch {
    throw fail('import.unreadable');
  }
}

/**
 * CSV or XLSX (told apart by content, not by the declared type) → rows keyed by import column. The first non-empty
 * row is the header; required columns must be present; at most MSISDN_IMPORT_MAX_ROWS data rows.
 */
export async function parseImportFile(buffer: Buffer): Promise<ParsedImport> {
  if (buffer.length === 0) throw fail('import.empty');
  const format = isZip(buffer) ? 'XLSX' : 'CSV';
  const table = format === 'XLSX' ? await xlsxTable(buffer) : csvTable(buffer);
  const nonEmpty = table.filter((r) => r.values.some((v) => v.trim() !== ''));
  const [header, ...data] = nonEmpty;
  if (!header) throw fail('import.empty');
  const columns = header.values.map((h) => {
    const k = key(h);
    return (Object.keys(ALIASES) as ImportColumn[]).find((column) => ALIASES[column].includes(k));
  });
  const missing = MSISDN_IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    const message = MESSAGES['import.missingColumns'];
    throw new AppError(
      400,
      'import.missingColumns',
      message,
      missing.map((c) => ({ path: c, code: 'import.missingColumns', message })),
    );
  }
  if (data.length === 0) throw fail('import.empty');
  if (data.length > MSISDN_IMPORT_MAX_ROWS) throw fail('import.tooManyRows');
  const rows = data.map(({ row, values }) => {
    const cells: Partial<Record<ImportColumn, string>> = {};
    columns.forEach((column, i) => {
      const value = values[i]?.trim();
      if (column && value && cells[column] === undefined) cells[column] = value;
    });
    return { row, cells };
  });
  return { format, rows };
}

/** The template the UI offers for download: the header and one example row. */
export function importTemplateCsv(): string {
  return `${MSISDN_IMPORT_COLUMNS.join(',')}\n+393471234567,Giulia Bianchi,EMP-0001,giulia.bianchi@example.com,Field Operations,North,Driver,true\n`;
}
