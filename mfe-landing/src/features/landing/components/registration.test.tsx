import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_VERSION } from 'contracts';
import { LandingScreen } from './landing-screen';
import { answer, config, fetchMock, released, show } from './test-page';

/** „Register your machine“ on the customer page (registration-section.tsx, registration-form.tsx). */
describe('registration on the customer page', () => {
  it.each([
    ['failed', { verified: false, tested_at: null, release: 'failed' as const }],
    ['awaiting release', { verified: false, tested_at: null, release: 'awaiting_release' as const }],
    ['withdrawn', { verified: false, tested_at: null, withdrawn: true, release: undefined }],
  ])('a %s unit offers no registration', async (_, over) => {
    await show({ ...released, serial: { ...released.serial!, ...over } });
    expect(screen.queryByTestId('registration')).not.toBeInTheDocument();
  });

  it('a released unit: the form on request, sent with the consent’s version; without mail the page says so', async () => {
    await show(released);
    // The section's heading and button in the page's one language (English in the test browser).
    expect(screen.getByRole('heading', { name: 'Register your machine' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    const owner = await screen.findByLabelText('Name or company / Name oder Firma');
    await userEvent.type(owner, 'Schreinerei Muster');
    await userEvent.type(screen.getByLabelText('E-mail / E-Mail'), 'erika@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Country / Land'), 'AT');
    await userEvent.type(screen.getByLabelText('Date of purchase / Kaufdatum'), '2026-11-02');
    await userEvent.click(screen.getByRole('checkbox'));
    fetchMock.mockResolvedValueOnce(answer(201, { mailed: false }));
    await userEvent.click(screen.getByRole('button', { name: 'REGISTER / REGISTRIEREN' }));
    expect(await screen.findByTestId('registration-sent')).toHaveTextContent('No e-mail is sent');
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/public/units/4852406001/registration');
    expect(JSON.parse(String(init?.body))).toEqual({
      owner: 'Schreinerei Muster',
      email: 'erika@example.com',
      country: 'AT',
      purchased_on: '2026-11-02',
      dealer: '',
      // The page's first language (the test browser's, English): the mail's and the stored consent's.
      language: 'en',
      consent: true,
      consent_version: CONSENT_VERSION,
      website: '',
    });
  });

  it('the API’s refusal is shown with the marked fields', async () => {
    await show(released);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByLabelText('Name or company / Name oder Firma');
    fetchMock.mockResolvedValueOnce(
      answer(400, {
        error: {
          code: 'BAD_REQUEST',
          message: 'Please check the marked fields. / Bitte prüfen Sie die markierten Felder.',
          fields: {
            email: 'Please enter a valid e-mail address. / Bitte geben Sie eine gültige E-Mail-Adresse an.',
          },
        },
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'REGISTER / REGISTRIEREN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check the marked fields.');
    expect(screen.getByLabelText('E-mail / E-Mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('E-mail / E-Mail')).toHaveAccessibleDescription(
      'Please enter a valid e-mail address. / Bitte geben Sie eine gültige E-Mail-Adresse an.',
    );
  });

  it('a German page names the section in German only', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    await show(released);
    const section = screen.getByTestId('registration');
    expect(section).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('heading', { level: 2, name: 'Maschine registrieren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrieren' })).toBeInTheDocument();
    expect(section).not.toHaveTextContent('Register');
  });

  it('an information mail’s unsubscribe link asks first, then unsubscribes once by the token', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    window.history.replaceState(null, '', '/landing/7/4852406001#unsubscribe=abc_DEF-123');
    fetchMock.mockResolvedValueOnce(answer(200, released));
    render(
      <LandingScreen machine={{ id: '7' }} serial="4852406001" loadConfig={() => Promise.resolve(config)} />,
    );
    const button = await screen.findByRole('button', { name: 'ABMELDEN' });
    expect(screen.getByRole('heading', { level: 2, name: 'Informations-E-Mails' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrieren' })).toBeNull();
    expect(window.location.hash).toBe('');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(answer(204, null));
    await userEvent.click(button);
    expect(await screen.findByTestId('unsubscribed')).toHaveTextContent(
      'Sie sind abgemeldet: Sie erhalten zu dieser Maschine keine weiteren Informations-E-Mails.',
    );
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/public/unsubscribe?token=abc_DEF-123');
    expect(init?.method).toBe('POST');
  });

  it('a wrong unsubscribe link shows the API’s message', async () => {
    window.history.replaceState(null, '', '/landing/7/4852406001#unsubscribe=falsch');
    fetchMock.mockResolvedValueOnce(answer(200, released));
    render(
      <LandingScreen machine={{ id: '7' }} serial="4852406001" loadConfig={() => Promise.resolve(config)} />,
    );
    fetchMock.mockResolvedValueOnce(
      answer(404, {
        error: { message: 'This unsubscribe link is not valid. / Dieser Abmeldelink ist ungültig.' },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'UNSUBSCRIBE' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
  });

  it('the mailed link confirms once and leaves the address without its token', async () => {
    window.history.replaceState(null, '', '/landing/7/4852406001#confirm=abc_DEF-123');
    fetchMock.mockResolvedValueOnce(answer(200, released)).mockResolvedValueOnce(answer(204, null));
    render(
      <LandingScreen machine={{ id: '7' }} serial="4852406001" loadConfig={() => Promise.resolve(config)} />,
    );
    await screen.findByText(/Your registration is confirmed\./);
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/public/registrations/confirm');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'abc_DEF-123' });
    expect(window.location.hash).toBe('');
  });
});
