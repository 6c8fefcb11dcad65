import { describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, fetchMock, released, show } from './test-page';

/** „Request service“ on the customer page (service-request-section.tsx, service-request-form.tsx). */

const photo = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: 'Request service' }));
  return screen.findByLabelText('What happened? / Was ist passiert?');
}

describe('service requests on the customer page', () => {
  it.each([
    ['failed', { verified: false, tested_at: null, release: 'failed' as const }],
    ['awaiting release', { verified: false, tested_at: null, release: 'awaiting_release' as const }],
    ['unconfirmed', { verified: false, tested_at: null, release: undefined }],
  ])('a %s unit offers no service request', async (_, over) => {
    await show({ ...released, serial: { ...released.serial!, ...over } });
    expect(screen.queryByTestId('service-request')).not.toBeInTheDocument();
  });

  it('a German page names the section in German only', async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    await show(released);
    const section = screen.getByTestId('service-request');
    expect(section).toHaveAttribute('lang', 'de');
    expect(screen.getByRole('heading', { level: 2, name: 'Service anfragen' })).toBeInTheDocument();
    expect(section).not.toHaveTextContent('Request');
  });

  it('a withdrawn unit still offers it: its owner may need help', async () => {
    await show({
      ...released,
      serial: { ...released.serial!, verified: false, tested_at: null, withdrawn: true, release: undefined },
    });
    expect(screen.getByTestId('service-request')).toBeInTheDocument();
  });

  it('sends the text, the chosen photos and the contact as one form, then confirms', async () => {
    await show(released);
    const text = await openForm();
    await userEvent.type(text, 'Der Motor <b>brummt</b>.');
    await userEvent.upload(screen.getByLabelText(/^Photos \(optional/), [photo('a.png'), photo('b.png')]);
    expect(screen.getByText('a.png')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your name / Ihr Name'), 'Erika Muster');
    await userEvent.type(screen.getByLabelText('E-mail / E-Mail'), 'erika@example.com');
    fetchMock.mockResolvedValueOnce(answer(201, { mailed: true }));
    await userEvent.click(screen.getByRole('button', { name: 'SEND REQUEST / ANFRAGE SENDEN' }));
    expect(await screen.findByTestId('service-request-sent')).toHaveTextContent(
      'sent you a confirmation by e-mail',
    );
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/public/units/4852406001/service-requests');
    const form = init?.body as FormData;
    expect(form.get('text')).toBe('Der Motor <b>brummt</b>.');
    expect(form.getAll('photo').map((file) => (file as File).name)).toEqual(['a.png', 'b.png']);
    expect(form.get('name')).toBe('Erika Muster');
    expect(form.get('phone')).toBe('');
    expect(form.get('website')).toBe('');
    // The page's first language (the test browser's, English): the confirmation mail's.
    expect(form.get('language')).toBe('en');
  });

  it('without photos no empty file is sent; without mail the page says it received the request', async () => {
    await show(released);
    await userEvent.type(await openForm(), 'Kabel beschädigt');
    fetchMock.mockResolvedValueOnce(answer(201, { mailed: false }));
    await userEvent.click(screen.getByRole('button', { name: 'SEND REQUEST / ANFRAGE SENDEN' }));
    expect(await screen.findByTestId('service-request-sent')).toHaveTextContent(
      'we have received your request and will get in touch',
    );
    expect((fetchMock.mock.calls.at(-1)![1]?.body as FormData).getAll('photo')).toEqual([]);
  });

  it('four photos are refused on the page before anything is sent', async () => {
    await show(released);
    await openForm();
    const picker = screen.getByLabelText(/^Photos \(optional/);
    await userEvent.upload(
      picker,
      ['1', '2', '3', '4'].map((n) => photo(`${n}.png`)),
    );
    expect(picker).toHaveAccessibleDescription(
      'Please choose at most 3 photos. / Bitte wählen Sie höchstens 3 Fotos.',
    );
    const calls = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'SEND REQUEST / ANFRAGE SENDEN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at most 3 photos');
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('the API’s refusal of a photo is shown at the picker', async () => {
    await show(released);
    await userEvent.type(await openForm(), 'Riss im Gehäuse');
    await userEvent.upload(screen.getByLabelText(/^Photos \(optional/), photo('riss.png'));
    const refused =
      'A photo is damaged, incomplete or not only a photo. / Ein Foto ist beschädigt, unvollständig oder nicht nur ein Foto.';
    fetchMock.mockResolvedValueOnce(
      answer(415, { error: { code: 'BROKEN_IMAGE', message: refused, fields: { photo: refused } } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'SEND REQUEST / ANFRAGE SENDEN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A photo is damaged');
    expect(screen.getByLabelText(/^Photos \(optional/)).toHaveAttribute('aria-invalid', 'true');
  });
});
