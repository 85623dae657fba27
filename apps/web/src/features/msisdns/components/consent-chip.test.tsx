import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n, loadAreas, switchLanguage } from '../../../i18n/index.ts';
import { msisdnOf } from '../test-harness.tsx';
import { ConsentChip, consentSince } from './consent-chip.tsx';

const show = (patch: Parameters<typeof msisdnOf>[0]) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ConsentChip msisdn={msisdnOf(patch)} />
    </I18nextProvider>,
  );

const chip = () => document.querySelector('[data-consent]') as HTMLElement;

beforeAll(async () => {
  await initI18n('en-US');
  await loadAreas(['msisdn']); // the route would load them with the page
});
afterEach(async () => {
  cleanup();
  await switchLanguage('en-US');
});

describe('ConsentChip', () => {
  it.each([
    ['PENDING', 'Pending', 'MuiChip-colorWarning'],
    ['GRANTED', 'Granted', 'MuiChip-colorSuccess'],
    ['REVOKED', 'Revoked', 'MuiChip-colorError'],
  ] as const)('shows %s as “%s” in its colour', (status, label, colourClass) => {
    show({ consentStatus: status, consentAt: '2026-03-03T10:00:00.000Z' });
    expect(chip()).toHaveTextContent(label);
    expect(chip()).toHaveAttribute('data-consent', status);
    expect(chip().className).toContain(colourClass);
  });

  it('dates a pending consent from its request SMS, and says when none went out yet', () => {
    show({
      consentStatus: 'PENDING',
      consentRequestedAt: '2026-03-02T09:15:00.000Z',
      consentAt: '2026-01-01T00:00:00.000Z',
    });
    expect(screen.getByText(/^requested /)).toHaveTextContent(/Mar 2, 2026/);
    cleanup();
    show({ consentStatus: 'PENDING', consentRequestedAt: null });
    expect(screen.getByText('request not sent yet')).toBeInTheDocument();
  });

  it('dates a granted or revoked consent from the employee’s reply', () => {
    show({
      consentStatus: 'GRANTED',
      consentRequestedAt: '2026-03-02T09:15:00.000Z',
      consentAt: '2026-03-05T08:00:00.000Z',
    });
    expect(screen.getByText(/^since /)).toHaveTextContent(/Mar 5, 2026/);
    expect(consentSince(msisdnOf({ consentStatus: 'REVOKED', consentAt: '2026-03-06T08:00:00.000Z' }))).toBe(
      '2026-03-06T08:00:00.000Z',
    );
  });

  it('speaks the interface language', async () => {
    await switchLanguage('fr-FR');
    show({ consentStatus: 'GRANTED', consentAt: '2026-03-05T08:00:00.000Z' });
    expect(chip()).toHaveTextContent('Accordé');
    expect(screen.getByText(/^depuis le /)).toBeInTheDocument();
  });
});
