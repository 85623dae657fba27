import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { fieldText, setFieldText, typeInSection } from './picker-test-utils.ts';
import { initI18n, switchLanguage } from '../../i18n/index.ts';
import { DateTimeField, TimeField } from './time-field.tsx';

describe('time field', () => {
  beforeAll(() => initI18n('en-US'));
  afterAll(async () => {
    cleanup();
    await switchLanguage('en-US');
  });

  it('shows a time in 24 hours in every language, its sections named in the interface language and in its digits', async () => {
    render(<TimeField name="start" label="Start" value="17:05" onChange={() => {}} />);
    expect(fieldText('start')).toBe('17:05');
    expect(screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Hours',
      'Minutes',
    ]);
    cleanup();
    await act(() => switchLanguage('ar-SA'));
    render(<TimeField name="start" label="البداية" value="17:05" onChange={() => {}} />);
    // in the portal's Arabic digits (as Intl writes ar-SA)
    expect(fieldText('start')).toBe('١٧:٠٥');
    expect(screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label'))).toEqual([
      'الساعات',
      'الدقائق',
    ]);
    cleanup();
    await act(() => switchLanguage('en-US'));
  });

  it('typed section by section hands on HH:mm once whole; cleared, an empty string', () => {
    const onChange = vi.fn();
    render(<TimeField name="start" label="Start" value="" onChange={onChange} />);
    const [hours, minutes] = screen.getAllByRole('spinbutton');
    fireEvent.click(hours!);
    typeInSection(hours!, '9');
    expect(fieldText('start')).toBe('09:mm');
    expect(onChange).not.toHaveBeenCalled();
    typeInSection(minutes!, '7');
    expect(onChange).toHaveBeenLastCalledWith('09:07');
    setFieldText('start', '');
    expect(onChange).toHaveBeenLastCalledWith('');
    cleanup();
  });

  it('typed in Arabic with Latin keys, shows Arabic-Indic digits and hands on HH:mm in Latin digits', async () => {
    await act(() => switchLanguage('ar-SA'));
    const onChange = vi.fn();
    render(<TimeField name="start" label="البداية" value="" onChange={onChange} />);
    const [hours, minutes] = screen.getAllByRole('spinbutton');
    fireEvent.click(hours!);
    typeInSection(hours!, '9');
    expect(fieldText('start')).toBe('٠٩:دق');
    typeInSection(minutes!, '7');
    expect(onChange).toHaveBeenLastCalledWith('09:07');
    expect(fieldText('start')).toBe('٠٩:٠٧');
    cleanup();
    await act(() => switchLanguage('en-US'));
  });

  it('a date-time field reads and hands on a local YYYY-MM-DDTHH:mm, shown in the language’s date order', async () => {
    const onChange = vi.fn();
    render(<DateTimeField name="due" label="Due" value="2026-12-03T18:45" onChange={onChange} />);
    expect(fieldText('due')).toBe('12/03/2026 18:45');
    setFieldText('due', '12/04/2026 08:00');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-04T08:00');
    cleanup();
    await act(() => switchLanguage('ar-SA'));
    render(<DateTimeField name="due" label="الموعد" value="2026-12-03T18:45" onChange={onChange} />);
    expect(fieldText('due')).toBe('٠٣/١٢/٢٠٢٦ ١٨:٤٥');
    // typed in Arabic, the value handed on is still in Latin digits
    setFieldText('due', '٠٤/١٢/٢٠٢٦ ٠٨:٠٠');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-04T08:00');
    cleanup();
    await act(() => switchLanguage('en-US'));
  });
});
