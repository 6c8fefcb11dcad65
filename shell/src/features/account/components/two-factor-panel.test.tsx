import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffLanguage } from 'contracts';
import { Route } from 'react-router-dom';
import { http, setLanguage } from 'shared-ui';
import { renderAt, testMe } from '../../../test/render';
import { TwoFactorPanel } from './two-factor-panel';

const post = jest.spyOn(http, 'post');
beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: string) => {
    if (url === '/me/two-factor/setup')
      return {
        data: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/BDS:chef?secret=JBSWY3DPEHPK3PXP' },
      } as never;
    if (url === '/me/two-factor/confirm')
      return { data: { recovery_codes: ['a1b2-c3d4', 'e5f6-a7b8'] } } as never;
    throw new Error(`unexpected POST ${url}`);
  });
});
afterEach(() => act(() => setLanguage('de')));

/** Setting up two-factor sign-in in each language, from the password to the recovery codes. */
const EXPECTED = {
  de: {
    password: 'Ihr aktuelles Passwort',
    start: 'EINRICHTEN',
    scan: /^Scannen Sie diesen QR-Code/,
    qr: 'QR-Code für die Authenticator-App',
    manual: 'Ohne Kamera: Schlüssel von Hand eingeben',
    code: 'Sechsstelliger Code',
    confirm: 'BESTÄTIGEN',
    codeRequired: 'Bitte den Code aus der App eingeben',
    enabled: 'Zwei-Faktor-Anmeldung eingerichtet.',
    recovery: 'Ihre Wiederherstellungscodes',
    done: 'ICH HABE DIE CODES NOTIERT',
    required: 'Vorgeschrieben (für alle Konten oder für Ihres): Ausschalten ist nicht möglich.',
  },
  en: {
    password: 'Your current password',
    start: 'SET UP',
    scan: /^Scan this QR code/,
    qr: 'QR code for the authenticator app',
    manual: 'Without a camera: enter the key by hand',
    code: 'Six-digit code',
    confirm: 'CONFIRM',
    codeRequired: 'Please enter the code from the app',
    enabled: 'Two-factor sign-in set up.',
    recovery: 'Your recovery codes',
    done: 'I HAVE WRITTEN DOWN THE CODES',
    required: 'Required (for every account or for yours): it cannot be switched off.',
  },
  pl: {
    password: 'Twoje bieżące hasło',
    start: 'SKONFIGURUJ',
    scan: /^Zeskanuj ten kod QR/,
    qr: 'Kod QR dla aplikacji uwierzytelniającej',
    manual: 'Bez aparatu: wpisz klucz ręcznie',
    code: 'Sześciocyfrowy kod',
    confirm: 'POTWIERDŹ',
    codeRequired: 'Wpisz kod z aplikacji',
    enabled: 'Logowanie dwuskładnikowe skonfigurowane.',
    recovery: 'Twoje kody odzyskiwania',
    done: 'KODY ZOSTAŁY ZAPISANE',
    required: 'Wymagane (dla wszystkich kont lub dla Twojego): nie można go wyłączyć.',
  },
} satisfies Record<StaffLanguage, unknown>;

describe.each(Object.entries(EXPECTED))('TwoFactorPanel in %s', (language, text) => {
  it('sets up two-factor sign-in and shows the recovery codes', async () => {
    const user = userEvent.setup();
    const onChanged = jest.fn();
    await act(() => setLanguage(language as StaffLanguage));
    renderAt('/', <Route path="/" element={<TwoFactorPanel me={testMe} onChanged={onChanged} />} />);
    await user.type(screen.getByLabelText(text.password), 'geheim-geheim');
    await user.click(screen.getByRole('button', { name: text.start }));
    expect(await screen.findByText(text.scan)).toBeInTheDocument();
    expect(screen.getByTitle(text.qr)).toBeInTheDocument();
    expect(screen.getByText(text.manual)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.confirm }));
    expect(screen.getByLabelText(text.code)).toHaveAccessibleDescription(text.codeRequired);
    await user.type(screen.getByLabelText(text.code), '123456');
    await user.click(screen.getByRole('button', { name: text.confirm }));
    const codes = await screen.findByRole('region', { name: text.recovery });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(2);
    expect(await screen.findByText(text.enabled)).toBeInTheDocument();
    await user.click(within(codes).getByRole('button', { name: text.done }));
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('says why a required two-factor sign-in cannot be switched off', async () => {
    await act(() => setLanguage(language as StaffLanguage));
    renderAt(
      '/',
      <Route
        path="/"
        element={
          <TwoFactorPanel
            me={{ ...testMe, two_factor: true, two_factor_required: true }}
            onChanged={jest.fn()}
          />
        }
      />,
    );
    expect(screen.getByText(text.required)).toBeInTheDocument();
  });
});
