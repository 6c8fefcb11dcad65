import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Certificate, PrintData, ReleaseBody, Unit, UnitRelease } from 'contracts';
import { http, setConfig, setLanguage, ToastHost } from 'shared-ui';
import ReleasePanel from './release-panel';

setConfig({
  apiBase: '/api',
  webBase: 'http://localhost',
  remotes: { certificates: '', machines: '', landing: '' },
  labelPrintUrl: null,
  companyName: '',
  companyAddress: '',
});

const post = jest.spyOn(http, 'post');
const release = jest.fn<(body: ReleaseBody) => Promise<PrintData>>();

const certificate = { id: 7, version: 1 } as Certificate;
const unit = (serial: string, state: UnitRelease, voided = false): Unit => ({
  serial,
  unit_index: 0,
  voided_at: voided ? '2026-11-21T10:00:00.000Z' : null,
  void_reason: voided ? 'Transportschaden' : null,
  release: state,
});

/** What axios rejects with when the API refuses. */
const refusal = (status: number, code: string, message: string) =>
  Object.assign(new Error(message), {
    isAxiosError: true,
    response: { status, data: { error: { code, message } } },
  });

function renderPanel(units: Unit[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <ReleasePanel certificate={certificate} units={units} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  release.mockReset();
  post.mockReset();
  post.mockImplementation(async (url: string, body?: unknown) => {
    if (url !== '/certificates/7/release') throw new Error(`unexpected POST ${url}`);
    return { data: await release(body as ReleaseBody) };
  });
});

describe('ReleasePanel', () => {
  it('releases the units awaiting release after a confirmation naming them', async () => {
    const user = userEvent.setup();
    release.mockResolvedValue({ id: 7 } as PrintData);
    renderPanel([
      unit('4852406001', 'awaiting_release'),
      unit('4852406002', 'released'),
      unit('4852406003', 'awaiting_release'),
      unit('4852406004', 'awaiting_release', true),
    ]);
    expect(screen.getByText('Zur Freigabe: 4852406001, 4852406003')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'FREIGEBEN' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Diese 2 Einheiten als bestanden freigeben: 4852406001, 4852406003?');
    // The harmless answer has the keyboard: Enter never releases by accident.
    expect(within(dialog).getByRole('button', { name: 'ABBRECHEN' })).toHaveFocus();
    expect(release).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'FREIGEBEN' }));
    await waitFor(() => expect(release).toHaveBeenCalledWith({ serials: ['4852406001', '4852406003'] }));
    expect(await screen.findByText('2 Einheiten freigegeben.')).toBeInTheDocument();
  });

  it('explains in German that the tester may not release their own test (403 SAME_PERSON)', async () => {
    const user = userEvent.setup();
    release.mockRejectedValue(refusal(403, 'SAME_PERSON', 'Forbidden'));
    renderPanel([unit('4852406001', 'awaiting_release')]);
    await user.click(screen.getByRole('button', { name: 'FREIGEBEN' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'FREIGEBEN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Freigabe muss eine zweite Person erteilen, nicht der Prüfer.',
    );
  });

  it('says when there is nothing left to release (409) and offers to reload', async () => {
    const user = userEvent.setup();
    release.mockRejectedValue(refusal(409, 'CONFLICT', 'Nichts freizugeben.'));
    renderPanel([unit('4852406001', 'awaiting_release')]);
    await user.click(screen.getByRole('button', { name: 'FREIGEBEN' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'FREIGEBEN' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/inzwischen freigegeben oder storniert/);
    expect(within(alert).getByRole('button', { name: 'NEU LADEN' })).toBeInTheDocument();
  });

  it('gives a deviation release only for chosen failed units and with a reason', async () => {
    const user = userEvent.setup();
    release.mockResolvedValue({ id: 7 } as PrintData);
    renderPanel([unit('4852406001', 'released'), unit('4852406002', 'failed'), unit('4852406003', 'failed')]);
    expect(screen.queryByRole('button', { name: 'FREIGEBEN' })).toBeNull();
    const chooser = screen.getByRole('group', { name: 'Nicht bestandene Einheiten' });
    // Nothing is pre-ticked.
    for (const box of within(chooser).getAllByRole('checkbox')) expect(box).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'SONDERFREIGABE' }));
    expect(screen.getByText('Bitte mindestens eine Einheit wählen')).toBeInTheDocument();
    expect(screen.getByLabelText('BEGRÜNDUNG DER SONDERFREIGABE')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(within(chooser).getByRole('checkbox', { name: '4852406002' }));
    const reason = screen.getByLabelText('BEGRÜNDUNG DER SONDERFREIGABE');
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'SONDERFREIGABE' }));
    expect(reason).toHaveFocus();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    expect(reason).toHaveAttribute('maxLength', '500');
    await user.clear(reason);
    await user.type(reason, '<b>0,9 MΩ</b> vom Kunden akzeptiert');
    await user.click(screen.getByRole('button', { name: 'SONDERFREIGABE' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Sonderfreigabe für 4852406002, obwohl die Prüfung nicht bestanden wurde? Begründung: <b>0,9 MΩ</b> vom Kunden akzeptiert',
    );
    await user.click(within(dialog).getByRole('button', { name: 'SONDERFREIGABE' }));
    await waitFor(() =>
      expect(release).toHaveBeenCalledWith({
        serials: ['4852406002'],
        deviation_reason: '<b>0,9 MΩ</b> vom Kunden akzeptiert',
      }),
    );
    expect(await screen.findByText('Sonderfreigabe erteilt für eine Einheit.')).toBeInTheDocument();
  });

  it('asks nothing when cancelled', async () => {
    const user = userEvent.setup();
    renderPanel([unit('4852406001', 'awaiting_release')]);
    await user.click(screen.getByRole('button', { name: 'FREIGEBEN' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('ReleasePanel in each staff language', () => {
  afterEach(() => act(() => setLanguage('de')));

  it.each([
    {
      language: 'de' as const,
      button: 'FREIGEBEN',
      question: 'Diese 2 Einheiten als bestanden freigeben: 4852406001, 4852406003?',
      cancel: 'ABBRECHEN',
      done: '2 Einheiten freigegeben.',
    },
    {
      language: 'en' as const,
      button: 'RELEASE',
      question: 'Release these 2 units as passed: 4852406001, 4852406003?',
      cancel: 'CANCEL',
      done: '2 units released.',
    },
    {
      language: 'pl' as const,
      button: 'ZWOLNIJ',
      question: 'Zwolnić te 2 egzemplarze z wynikiem pozytywnym: 4852406001, 4852406003?',
      cancel: 'ANULUJ',
      done: 'Zwolniono 2 egzemplarze.',
    },
  ])('asks and says it in $language', async ({ language, button, question, cancel, done }) => {
    await act(() => setLanguage(language));
    const user = userEvent.setup();
    release.mockResolvedValue({ id: 7 } as PrintData);
    renderPanel([unit('4852406001', 'awaiting_release'), unit('4852406003', 'awaiting_release')]);
    await user.click(screen.getByRole('button', { name: button }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(question);
    expect(within(dialog).getByRole('button', { name: cancel })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: button }));
    expect(await screen.findByText(done)).toBeInTheDocument();
  });
});
