import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fieldText, setFieldText, typeInSection } from './picker-test-utils.ts';
import { initI18n, switchLanguage } from '../../i18n/index.ts';
import { INCOMPLETE_MONTH, MonthField } from './month-field.tsx';

describe('month field', () => {
  beforeAll(() => initI18n('en-US'));
  afterAll(async () => {
    cleanup();
    await switchLanguage('en-US');
  });

  it('shows YYYY-MM as MM/YYYY (YYYY/MM in Chinese), in Arabic-Indic digits in Arabic, its sections named in the language', async () => {
    render(<MonthField name="period" label="Month" value="2026-10" onChange={() => {}} />);
    expect(fieldText('period')).toBe('10/2026');
    cleanup();
    await act(() => switchLanguage('ar-SA'));
    render(<MonthField name="period" label="الشهر" value="2026-10" onChange={() => {}} />);
    expect(fieldText('period')).toBe('١٠/٢٠٢٦');
    cleanup();
    render(<MonthField name="period" label="الشهر" value="" onChange={() => {}} />);
    expect(screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label'))).toEqual([
      'الشهر',
      'السنة',
    ]);
    cleanup();
    // Chinese writes the year first, as its dates do (YYYY/MM/DD).
    await act(() => switchLanguage('zh-Hans-CN'));
    render(<MonthField name="period" label="月份" value="2026-10" onChange={() => {}} />);
    expect(fieldText('period')).toBe('2026/10');
    cleanup();
    await act(() => switchLanguage('en-US'));
  });

  it('typed, hands on YYYY-MM in Latin digits once whole; a year outside 1900–2099 is no month', async () => {
    await act(() => switchLanguage('ar-SA'));
    const onChange = vi.fn();
    render(<MonthField name="period" label="الشهر" value="" onChange={onChange} />);
    const [month, year] = screen.getAllByRole('spinbutton');
    fireEvent.click(month!);
    typeInSection(month!, '1');
    typeInSection(month!, '0');
    for (const digit of ['2', '0', '2', '6']) typeInSection(year!, digit);
    expect(onChange).toHaveBeenLastCalledWith('2026-10');
    expect(fieldText('period')).toBe('١٠/٢٠٢٦');
    setFieldText('period', '١٠/١٨٥٠');
    expect(onChange).toHaveBeenLastCalledWith(INCOMPLETE_MONTH);
    cleanup();
    await act(() => switchLanguage('en-US'));
  });
});
