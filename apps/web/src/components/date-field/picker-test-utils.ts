import { fireEvent } from '@testing-library/react';

/** The hidden input MUI X keeps a picker field's text in (what a form submits under its name). */
export const fieldText = (name: string) =>
  document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

/** Types into a section as a keyboard does (MUI X reads the section's text on input). */
export function typeInSection(section: HTMLElement, key: string): void {
  section.textContent = key;
  fireEvent.input(section);
}

/** Replaces the field's whole text, as pasting it does. */
export function setFieldText(name: string, value: string): void {
  fireEvent.change(document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!, { target: { value } });
}
