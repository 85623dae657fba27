import { within } from '@testing-library/react';

/**
 * The input an MUI X picker field (date-field/, time-field.tsx) keeps its text in, found by the field's label: a
 * `fireEvent.change` on it with a whole value in the field's format ('07:30', '04/12/1990') is what a person typing
 * it section by section ends with; `toHaveValue` reads what the field shows.
 */
export function pickerInput(label: string | RegExp, scope: HTMLElement = document.body): HTMLInputElement {
  const labels = within(scope).getAllByText(label, { selector: 'label' });
  if (labels.length !== 1) throw new Error(`${labels.length} picker labels match ${String(label)}`);
  const input = labels[0]!.closest('.MuiFormControl-root')?.querySelector('input');
  if (!input) throw new Error(`no picker input under the label ${String(label)}`);
  return input;
}
