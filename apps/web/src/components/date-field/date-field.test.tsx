import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { fieldText, setFieldText } from './picker-test-utils.ts';
import { initI18n, switchLanguage } from '../../i18n/index.ts';
import { DateField } from './date-field.tsx';

describe('date field', () => {
  beforeAll(() => initI18n('en-US'));
  afterAll(async () => {
    cleanup();
    await switchLanguage('en-US');
  });

  it('shows the ISO value in the language’s order and digits: MM/DD/YYYY in English, DD/MM/YYYY in Arabic', async () => {
    const onChange = vi.fn();
    render(<DateField name="birthDate" label="Birth date" value="1990-04-12" onChange={onChange} />);
    expect(fieldText('birthDate')).toBe('04/12/1990');
    cleanup();
    await act(() => switchLanguage('ar-SA'));
    render(<DateField name="birthDate" label="تاريخ الميلاد" value="1990-04-12" onChange={onChange} />);
    // in the portal's Arabic digits (as Intl writes ar-SA)
    expect(fieldText('birthDate')).toBe('١٢/٠٤/١٩٩٠');
    // the empty field's sections say day, month, year in Arabic
    cleanup();
    render(<DateField name="birthDate" label="تاريخ الميلاد" value="" onChange={onChange} />);
    const sections = screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label'));
    expect(sections).toEqual(['اليوم', 'الشهر', 'السنة']);
    expect(onChange).not.toHaveBeenCalled();
    // typed in Arabic (Arabic-Indic or Latin digits), the value handed on is the ISO date in Latin digits
    setFieldText('birthDate', '٢٣/٠٧/١٩٨٥');
    expect(onChange).toHaveBeenLastCalledWith('1985-07-23');
    cleanup();
    await act(() => switchLanguage('en-US'));
  });

  it('names the SPEC range when the date lies outside it', async () => {
    render(<DateField name="birthDate" label="Birth date" value="1899-12-31" onChange={() => {}} />);
    expect(await screen.findByText('Date must be between Jan 1, 1900 and Dec 31, 2099')).toBeInTheDocument();
    cleanup();
  });

  it('a form error wins over the picker’s own check', () => {
    render(
      <DateField
        name="paidOn"
        label="Paid on"
        value=""
        required
        error="This field is required"
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    cleanup();
  });
});
