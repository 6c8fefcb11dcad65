import { afterEach, describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import type { StaffLanguage } from 'contracts';
import { Route } from 'react-router-dom';
import { setLanguage, setToken } from 'shared-ui';
import { renderAtAsync, testMe } from '../test/render';
import { AppRoutes } from './routes';

afterEach(async () => {
  window.localStorage.clear();
  await act(() => setLanguage('de'));
});

const routes = <Route path="*" element={<AppRoutes />} />;

describe.each([
  {
    language: 'de',
    notFound: 'Seite nicht gefunden',
    notAllowed: 'Diese Seite ist für Ihre Rollen nicht freigegeben',
    home: 'Zur Startseite',
  },
  {
    language: 'en',
    notFound: 'Page not found',
    notAllowed: 'Your roles do not give access to this page',
    home: 'Back to the start page',
  },
  {
    language: 'pl',
    notFound: 'Nie znaleziono strony',
    notAllowed: 'Ta strona nie jest dostępna dla Twoich ról',
    home: 'Przejdź do strony głównej',
  },
])('AppRoutes in $language', (text) => {
  const me = { ...testMe, roles: ['lesen' as const], language: text.language as StaffLanguage };

  it('says a page does not exist, and leads home', async () => {
    setToken('geheim-123');
    await act(() => setLanguage(me.language));
    await renderAtAsync('/gibt-es-nicht', routes, {}, me);
    expect(await screen.findByRole('heading', { level: 1, name: text.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.home })).toHaveAttribute('href', '/');
    expect(document.title).toBe(`${text.notFound} – BDS PRÜFBERICHT SOFTWARE`);
  });

  it("says a screen is not for the account's roles", async () => {
    setToken('geheim-123');
    await act(() => setLanguage(me.language));
    await renderAtAsync('/admin/jobs', routes, {}, me);
    expect(await screen.findByRole('heading', { level: 1, name: text.notAllowed })).toBeInTheDocument();
  });
});
