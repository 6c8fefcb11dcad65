import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { getToken, http, setLanguage, setToken } from 'shared-ui';
import type { Role } from 'contracts';
import { renderAt, testMe } from '../../test/render';
import { logout } from '../../features/auth/api/logout';
import type { Tab } from '../../tabs';
import { Header, labelPageUrl } from './header';

jest.mock('../../features/auth/api/logout', () => ({ logout: jest.fn() }));
const logoutMock = logout as jest.MockedFunction<typeof logout>;

function renderHeader(tab: Tab | null, labelPrintUrl: string | null = null, roles: Role[] = ['admin']) {
  renderAt(
    '/',
    <>
      <Route path="/" element={<Header activeTab={tab} />} />
      <Route path="/login" element={<p>Login-Seite</p>} />
    </>,
    { labelPrintUrl },
    { ...testMe, roles },
  );
}

beforeEach(() => {
  setToken('geheim-123');
  logoutMock.mockReset();
  logoutMock.mockResolvedValue(undefined);
});
afterEach(async () => {
  window.localStorage.clear();
  await act(() => setLanguage('de'));
});

describe('Header language', () => {
  it('stores the new language; a refusal keeps the current one and says so', async () => {
    const put = jest.spyOn(http, 'put').mockRejectedValueOnce(new Error('offline'));
    renderHeader('certificate_list');
    await userEvent.selectOptions(screen.getByLabelText('Sprache'), 'Polski');
    expect(put).toHaveBeenCalledWith('/me/language', { language: 'pl' });
    expect(await screen.findByText('Die Sprache konnte nicht gewechselt werden.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Daten' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
  });
});

describe('labelPageUrl', () => {
  it('is the built-in page without a token, or the configured page with ?token=', () => {
    expect(labelPageUrl(null, 'abc')).toBe('/labels');
    expect(labelPageUrl('https://labels.example.com/label', 'a b')).toBe(
      'https://labels.example.com/label?token=a+b',
    );
    expect(labelPageUrl('https://labels.example.com/label?x=1', 't')).toBe(
      'https://labels.example.com/label?x=1&token=t',
    );
  });
});

describe('Header by role', () => {
  /** What each link says to a screen reader: its text without what is hidden from it (a short label's copy). */
  const spoken = (link: HTMLElement) => {
    const copy = link.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
    return copy.textContent;
  };
  const tabs = () => screen.getAllByRole('link').map(spoken);

  it('shows an inspector the certificate tabs, the catalogue and the labels, but no admin area', () => {
    renderHeader('certificate_list', null, ['pruefer']);
    expect(tabs()).toEqual(
      expect.arrayContaining(['Prüfbericht erstellen', 'Daten', 'Bearbeiten', 'ETIKETTEN DRUCKEN']),
    );
    expect(screen.queryByRole('link', { name: 'Verwaltung' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Mein Konto' })).toHaveAttribute('href', '/account');
  });

  it('shows a read-only account no certificate form and no labels', () => {
    renderHeader('certificate_list', null, ['lesen']);
    expect(screen.queryByRole('link', { name: 'Prüfbericht erstellen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'ETIKETTEN DRUCKEN' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Daten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bearbeiten' })).toBeInTheDocument();
  });

  it('shows an administrator the admin area', () => {
    renderHeader('certificate_list');
    expect(screen.getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('href', '/admin/accounts');
  });

  it('names the label link by all its words; the short one below 1200 px is only seen', () => {
    renderHeader('certificate_list', null, ['pruefer']);
    const labels = screen.getByRole('link', { name: 'ETIKETTEN DRUCKEN' });
    expect(within(labels).getByText('ETIKETTEN')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows an auditor the audit trail, and no admin area (issue 31)', () => {
    renderHeader('certificate_list', null, ['lesen', 'audit']);
    expect(screen.getByRole('link', { name: 'Protokoll' })).toHaveAttribute('href', '/admin/audit');
    expect(screen.queryByRole('link', { name: 'Verwaltung' })).toBeNull();
  });

  it('keeps the areas on screens without a tab (a certificate, a unit, the admin area), none marked', () => {
    renderHeader(null, null, ['pruefer']);
    const areas = within(screen.getByRole('navigation', { name: 'Bereiche' })).getAllByRole('link');
    expect(areas.map(spoken)).toEqual([
      'Prüfbericht erstellen',
      'Daten',
      'Auswertung',
      'Bearbeiten',
      'Prüfmittel',
      'Sicherheitshinweise',
    ]);
    for (const link of areas) expect(link).not.toHaveAttribute('aria-current');
  });
});

describe('Header', () => {
  it('marks the active tab', () => {
    renderHeader('certificate_list');
    expect(screen.getByRole('link', { name: 'Daten' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Prüfbericht erstellen' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute('href', '/?tab=machine_list');
  });

  it('shows ETIKETTEN DRUCKEN on the certificate tabs only, without the token in the URL', () => {
    renderHeader('certificate_create');
    const link = screen.getByRole('link', { name: 'ETIKETTEN DRUCKEN' });
    expect(link).toHaveAttribute('href', '/labels');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('href')).not.toContain('geheim');
  });

  it('passes the token to a configured external label page', () => {
    renderHeader('certificate_list', 'https://labels.example.com/label');
    expect(screen.getByRole('link', { name: 'ETIKETTEN DRUCKEN' })).toHaveAttribute(
      'href',
      'https://labels.example.com/label?token=geheim-123',
    );
  });

  it('has no label button on the machine tab or without tabs', () => {
    renderHeader('machine_list');
    expect(screen.queryByRole('link', { name: 'ETIKETTEN DRUCKEN' })).not.toBeInTheDocument();
  });

  it('NEIN keeps the user signed in', async () => {
    renderHeader(null);
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    expect(screen.getByRole('alertdialog', { name: 'AUSLOGGEN' })).toHaveTextContent('Abmelden bestätigen?');
    await userEvent.click(screen.getByRole('button', { name: 'NEIN' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(logoutMock).not.toHaveBeenCalled();
    expect(getToken()).toBe('geheim-123');
  });

  it('JA revokes the session, removes the token and goes to /login', async () => {
    renderHeader('certificate_create');
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await userEvent.click(screen.getByRole('button', { name: 'JA' }));
    expect(await screen.findByText('Login-Seite')).toBeInTheDocument();
    expect(logoutMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    logoutMock.mockRejectedValue(new Error('Network Error'));
    renderHeader('certificate_create');
    await userEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    await userEvent.click(screen.getByRole('button', { name: 'JA' }));
    expect(await screen.findByText('Login-Seite')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});

describe('Header: the company', () => {
  it("shows the company's logo, e-mail and phone when they are configured", () => {
    renderAt('/', <Route path="/" element={<Header activeTab="certificate_create" />} />, {
      companyEmail: 'service@bds.example',
      companyPhone: '+49 2161 123456',
      companyLogo: 'https://cdn.example/logo.png',
    });
    const company = screen.getByRole('group', { name: 'BDS Maschinen GmbH' });
    expect(within(company).getByRole('img', { name: 'BDS Maschinen GmbH' })).toHaveAttribute(
      'src',
      'https://cdn.example/logo.png',
    );
    expect(within(company).getByRole('link', { name: 'service@bds.example' })).toHaveAttribute(
      'href',
      'mailto:service@bds.example',
    );
    expect(within(company).getByRole('link', { name: '+49 2161 123456' })).toHaveAttribute(
      'href',
      'tel:+492161123456',
    );
  });

  it('shows nothing of the company when none of it is configured', () => {
    renderHeader('certificate_create');
    expect(screen.queryByRole('group', { name: 'BDS Maschinen GmbH' })).not.toBeInTheDocument();
  });
});
