import { describe, expect, it } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { fitHeaders, headerTextWidth } from './grid-headers.ts';

/** 8 px a character: "Employee MSISDNs" (16) is 128 px of text. */
const eightPx = (text: string) => text.length * 8;

describe('fitHeaders', () => {
  it('widens a column to its header’s text, padding and sort arrow, and names the header in its tooltip', () => {
    const [count] = fitHeaders(
      [{ field: 'msisdnCount', headerName: 'Employee MSISDNs', minWidth: 130 }],
      eightPx,
    );
    expect(count).toMatchObject({ minWidth: 128 + 26 + 30, description: 'Employee MSISDNs' });
  });

  it('keeps a wider minimum, and leaves the sort arrow out for a column that cannot be sorted', () => {
    const [wide, unsorted] = fitHeaders(
      [
        { field: 'name', headerName: 'Name', minWidth: 180 },
        { field: 'zone', headerName: 'Zone', sortable: false },
      ],
      eightPx,
    );
    expect(wide!.minWidth).toBe(180);
    expect(unsorted!.minWidth).toBe(Math.max(50, 32 + 26));
  });

  it('grows a fixed width that would cut the header, keeps a description of its own and a column without header', () => {
    const columns: GridColDef[] = [
      { field: 'msisdn', headerName: 'Employee MSISDN', width: 100, description: 'The work phone' },
      { field: 'actions', headerName: '', width: 48 },
    ];
    const [fixed, actions] = fitHeaders(columns, eightPx);
    expect(fixed).toMatchObject({ width: 120 + 56, minWidth: 120 + 56, description: 'The work phone' });
    expect(actions).toBe(columns[1]);
  });
});

describe('headerTextWidth without a canvas (jsdom)', () => {
  it('estimates Chinese ideographs wider than Latin or Arabic letters', () => {
    const width = headerTextWidth('sans-serif');
    expect(width('员工号码')).toBeGreaterThan(width('ABCD'));
    expect(width('رقم الموظف')).toBeGreaterThan(0);
  });
});
