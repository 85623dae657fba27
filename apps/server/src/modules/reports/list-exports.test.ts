import { describe, expect, it } from 'vitest';
import { LIST_EXPORTS, LIST_EXPORT_KEYS, minorToDecimal } from '@lbs/contracts';
import { useOrgFixtures, type Who } from '../organisation/test-fixtures.ts';

const f = useOrgFixtures();

/** A CSV file → its rows (the header first), without the byte-order mark. */
function csvRows(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.slice(1);
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

async function exported(who: Who, path: string) {
  const res = await f.call(who, 'GET', path);
  return { res, rows: res.statusCode === 200 ? csvRows(res.rawPayload.toString('utf8')) : [] };
}

describe('list exports', () => {
  it('exports the MSISDN list with exactly the screen’s filters and sort, in the reader’s language', async () => {
    const department = await f.unitId('departments', 'ALPHA', 'Field Operations');
    const list = await f.call('CA', 'GET', `/msisdns?departmentId=${department}&sort=-employeeName&size=100`);
    const items = list.json().items as {
      msisdn: string;
      employeeName: string;
      consentStatus: string;
      createdAt: string;
    }[];
    const { res, rows } = await exported(
      'CA',
      `/list-exports/msisdns?departmentId=${department}&sort=-employeeName&format=csv&locale=fr-FR`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="msisdns-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(rows[0]!.slice(0, 3)).toEqual(['Numéro de mobile', 'Employé', 'Code employé']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(items.map((i) => i.msisdn));
    const granted = items.findIndex((i) => i.consentStatus === 'GRANTED');
    expect(rows[granted + 1]![8]).toBe('Accordé');
    // Times on the company's wall clock (Alpha: Riyadh, UTC+3).
    const riyadh = new Date(Date.parse(items[0]!.createdAt) + 3 * 3_600_000).toISOString().slice(0, 19);
    expect(rows[1]![11]).toBe(riyadh.replace('T', ' '));
    const audited = await f.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity', '=', 'list')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audited).toEqual({ action: 'list.export', entity_id: 'msisdns' });
  });

  it('keeps each caller to its slice and refuses what the list refuses', async () => {
    const da = await exported('DA', '/list-exports/msisdns?format=csv');
    const daList = (await f.call('DA', 'GET', '/msisdns?size=100')).json() as { total: number };
    expect(da.rows.length - 1).toBe(daList.total);
    expect(new Set(da.rows.slice(1).map((r) => r[5]))).toEqual(new Set(['Field Operations']));
    // Another company's department: the export answers as the list does (nothing of it), the header alone.
    const alpha = await f.unitId('departments', 'ALPHA', 'Field Operations');
    const listed = await f.call('CB', 'GET', `/msisdns?departmentId=${alpha}`);
    const other = await f.call('CB', 'GET', `/list-exports/msisdns?departmentId=${alpha}&format=csv`);
    expect(listed.json().total).toBe(0);
    expect(csvRows(other.rawPayload.toString('utf8'))).toHaveLength(1);
    expect((await f.call('DA', 'GET', '/list-exports/companies?format=csv')).statusCode).toBe(403);
    expect((await f.call('anon', 'GET', '/list-exports/msisdns?format=csv')).statusCode).toBe(401);
    const bad = await f.call('CA', 'GET', '/list-exports/msisdns?format=csv&sort=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ path: 'query.sort', code: 'validation.sortInvalid' }),
    ]);
    const format = await f.call('CA', 'GET', '/list-exports/msisdns?format=docx');
    expect(format.statusCode).toBe(400);
  });

  it('exports every list for the roles that may list it', async () => {
    for (const key of LIST_EXPORT_KEYS) {
      const who: Who = key === 'companies' || key === 'invoices' ? 'SA' : 'CA';
      const { res, rows } = await exported(who, `/list-exports/${key}?format=csv`);
      expect(res.statusCode, `${key}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(rows[0], key).toHaveLength(LIST_EXPORTS[key].columns.length);
      expect(
        rows[0]!.every((title) => !title.startsWith('reports.')),
        `${key}: ${rows[0]!.join('|')}`,
      ).toBe(true);
    }
  });

  it('writes an invoice’s amounts in major units of its currency', () => {
    expect(minorToDecimal(123456, 'EUR')).toBe('1234.56');
    expect(minorToDecimal(-5, 'SAR')).toBe('-0.05');
    expect(minorToDecimal(1500, 'JPY')).toBe('1500');
    expect(minorToDecimal(1234, 'KWD')).toBe('1.234');
  });
});
