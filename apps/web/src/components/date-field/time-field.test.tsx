import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { initI18n, switchLanguage } from '../../i18n/index.ts';
import { DateTimeField, TimeField } from './time-field.tsx';

/** The hidden input MUI X keeps the field's text in (what the form submits under its name). */
const fieldText = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

describe('time field', () => {
  beforeAll(() => initI18n('en-US'));
  afterAll(async () => {
    cleanup();
    await switchLanguage('en-US');
  });

  it('shows a time in 24 hours in every language, its sections named in the interface language', async () => {
    render(<TimeField name="start" label="Start" value="17:05" onChange={() => {}} />);
    expect(fieldText('start')).toBe('17:05');
    expect(screen.getAllByRole('spinbutton').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Hours',
      'Minutes',
    ]);
    cleanup();
    await act(() => switchLanguage('ar-SA'));
    render(<TimeField name="start" label="البداية" value="17:05" onChange={() => {}} />);
    expect(fieldText('start')).toBe('17:05');
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
    const type = (section: HTMLElement, key: string) => {
      section.textContent = key;
      fireEvent.input(section);
    };
    fireEvent.click(hours!);
    type(hours!, '9');
    expect(fieldText('start')).toBe('09:mm');
    expect(onChange).not.toHaveBeenCalled();
    type(minutes!, '7');
    expect(onChange).toHaveBeenLastCalledWith('09:07');
    fireEvent.change(document.querySelector<HTMLInputElement>('input[name="start"]')!, {
      target: { value: '' },
    });
    expect(onChange).toHaveBeenLastCalledWith('');
    cleanup();
  });

  it('a date-time field reads and hands on a local YYYY-MM-DDTHH:mm, shown in the language’s date order', async () => {
    const onChange = vi.fn();
    render(<DateTimeField name="due" label="Due" value="2026-12-03T18:45" onChange={onChange} />);
    expect(fieldText('due')).toBe('12/03/2026 18:45');
    fireEvent.change(document.querySelector<HTMLInputElement>('input[name="due"]')!, {
      target: { value: '12/04/2026 08:00' },
    });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-04T08:00');
    cleanup();
    await act(() => switchLanguage('ar-SA'));
    render(<DateTimeField name="due" label="الموعد" value="2026-12-03T18:45" onChange={onChange} />);
    expect(fieldText('due')).toBe('03/12/2026 18:45');
    cleanup();
    await act(() => switchLanguage('en-US'));
  });
});
