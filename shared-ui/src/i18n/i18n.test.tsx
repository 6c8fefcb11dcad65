import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { activeLocale, currentLanguage, defineCatalogs, setLanguage } from './i18n';
import { useT } from './use-t';

const german = {
  units: '{count, plural, one {# Einheit} other {# Einheiten}}',
  hello: 'Hallo {name}',
};
const polish = {
  units: '{count, plural, one {# jednostka} few {# jednostki} many {# jednostek} other {# jednostki}}',
  hello: 'Cześć {name}',
};
const english = { units: '{count, plural, one {# unit} other {# units}}', hello: 'Hello {name}' };

afterEach(() => act(() => setLanguage('de')));

describe('defineCatalogs', () => {
  it('has German at once, without loading anything', () => {
    const load = jest.fn(async () => ({ default: english }));
    const set = defineCatalogs('now', german, { en: load, pl: load });
    expect(set.t('hello', { name: 'Ada' })).toBe('Hallo Ada');
    expect(set.t('units', { count: 1 })).toBe('1 Einheit');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads a language once, when it is chosen, and uses its three Polish plural forms', async () => {
    const pl = jest.fn(async () => ({ default: polish }));
    const en = jest.fn(async () => ({ default: english }));
    const set = defineCatalogs('plural', german, { en, pl });
    await setLanguage('pl');
    await setLanguage('de');
    await setLanguage('pl');
    expect(pl).toHaveBeenCalledTimes(1);
    expect(en).not.toHaveBeenCalled();
    expect(currentLanguage()).toBe('pl');
    expect(activeLocale()).toBe('pl-PL');
    expect([1, 2, 5, 22, 25].map((count) => set.t('units', { count }))).toEqual([
      '1 jednostka',
      '2 jednostki',
      '5 jednostek',
      '22 jednostki',
      '25 jednostek',
    ]);
  });

  it('keeps apart two apps that use the same key', async () => {
    const catalogs = (name: string) => ({
      en: async () => ({ default: { hello: `${name} en` } }),
      pl: async () => ({ default: { hello: `${name} pl` } }),
    });
    const a = defineCatalogs('a', { hello: 'A' }, catalogs('A'));
    const b = defineCatalogs('b', { hello: 'B' }, catalogs('B'));
    expect([a.t('hello'), b.t('hello')]).toEqual(['A', 'B']);
    await setLanguage('en');
    expect([a.t('hello'), b.t('hello')]).toEqual(['A en', 'B en']);
  });

  it('stays in the current language when a catalog cannot be fetched, and fetches again next time', async () => {
    const pl = jest
      .fn<() => Promise<{ default: Record<string, string> }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ default: polish });
    const set = defineCatalogs('retry', german, { en: async () => ({ default: english }), pl });
    await expect(setLanguage('pl')).rejects.toThrow('offline');
    expect(currentLanguage()).toBe('de');
    expect(set.t('hello', { name: 'Jan' })).toBe('Hallo Jan');
    await setLanguage('pl');
    expect(set.t('hello', { name: 'Jan' })).toBe('Cześć Jan');
  });

  it('lets the last of two overlapping switches win', async () => {
    let arrive: (value: { default: Record<string, string> }) => void = () => undefined;
    const slowPolish = new Promise<{ default: Record<string, string> }>((resolve) => (arrive = resolve));
    defineCatalogs('race', german, { en: async () => ({ default: english }), pl: () => slowPolish });
    const first = setLanguage('pl');
    await setLanguage('en');
    arrive({ default: polish });
    await first;
    expect(currentLanguage()).toBe('en');
  });
});

describe('useT', () => {
  it('renders again in the new language, and waits for a catalog it does not have yet', async () => {
    let arrive: (value: { default: Record<string, string> }) => void = () => undefined;
    const greetings = defineCatalogs('greeting', german, {
      en: async () => ({ default: english }),
      pl: () => new Promise((resolve) => (arrive = resolve)),
    });
    function Greeting() {
      const t = useT(greetings);
      return <p>{t('hello', { name: 'Ola' })}</p>;
    }
    await act(() => setLanguage('en'));
    render(
      <Suspense fallback={<p>…</p>}>
        <Greeting />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ola')).toBeInTheDocument();
    await act(() => setLanguage('de'));
    expect(screen.getByText('Hallo Ola')).toBeInTheDocument();
    const switching = setLanguage('pl');
    await act(async () => arrive({ default: polish }));
    await act(() => switching);
    expect(await screen.findByText('Cześć Ola')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('pl');
  });

  it('suspends an app mounted after the switch until its catalog has arrived', async () => {
    await act(() => setLanguage('pl'));
    let arrive: (value: { default: Record<string, string> }) => void = () => undefined;
    const late = defineCatalogs('late', german, {
      en: async () => ({ default: english }),
      pl: () => new Promise((resolve) => (arrive = resolve)),
    });
    function Late() {
      return <p>{useT(late)('hello', { name: 'Ewa' })}</p>;
    }
    // Rendered inside an async act, as React 19 wants for a component that suspends when it mounts.
    await act(async () => {
      render(
        <Suspense fallback={<p>czekam</p>}>
          <Late />
        </Suspense>,
      );
    });
    expect(screen.getByText('czekam')).toBeInTheDocument();
    await act(async () => arrive({ default: polish }));
    expect(await screen.findByText('Cześć Ewa')).toBeInTheDocument();
  });
});
