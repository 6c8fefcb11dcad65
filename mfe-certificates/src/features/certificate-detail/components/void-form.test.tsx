import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Certificate, Unit } from 'contracts';
import { http } from 'shared-ui';
import { VoidForm } from './void-form';

// Issue 31: voiding starts from the units chosen, and nothing is voided before a question naming it all.
const post = jest.spyOn(http, 'post');
const certificate = { id: 7, version: 3 } as Certificate;
const unit = (serial: string, voided = false): Unit => ({
  serial,
  unit_index: 0,
  voided_at: voided ? '2026-11-21T10:00:00.000Z' : null,
  void_reason: voided ? 'Schaden' : null,
  release: 'released',
});
const units = [unit('4852611001'), unit('4852611002'), unit('4852611003'), unit('4852611004', true)];

function renderForm(props: Partial<Parameters<typeof VoidForm>[0]> = {}) {
  const onDone = jest.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VoidForm certificate={certificate} units={units} onDone={onDone} {...props} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), onDone };
}

beforeEach(() => {
  post.mockReset();
  post.mockResolvedValue({ data: {} } as never);
});

describe('VoidForm', () => {
  it('starts with single units, not the whole certificate; a unit’s page ticks its unit', () => {
    renderForm({ preselected: ['4852611002'] });
    expect(screen.getByRole('radio', { name: 'Nur diese Einheiten stornieren:' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Den ganzen Prüfbericht stornieren' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '4852611002' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '4852611001' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: '4852611004' })).toBeNull();
  });

  it('asks, naming the certificate and the units, before voiding them; NEIN voids nothing', async () => {
    const { user, onDone } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: '4852611003' }));
    await user.click(screen.getByRole('checkbox', { name: '4852611001' }));
    await user.type(screen.getByLabelText('GRUND DER STORNIERUNG'), 'Transportschaden');
    await user.click(screen.getByRole('button', { name: 'STORNIEREN' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Stornierung bestätigen' });
    expect(dialog).toHaveTextContent(
      'Von Prüfbericht Nr. 7 die 2 Einheiten 4852611001, 4852611003 stornieren?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'NEIN' }));
    expect(post).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'STORNIEREN' }));
    await user.click(screen.getByRole('button', { name: 'JA, STORNIEREN' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/certificates/7/void', {
        version: 3,
        reason: 'Transportschaden',
        serials: ['4852611003', '4852611001'],
      }),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('names every unit still valid when the whole certificate is voided', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Den ganzen Prüfbericht stornieren' }));
    await user.type(screen.getByLabelText('GRUND DER STORNIERUNG'), 'Falsche Maschine');
    await user.click(screen.getByRole('button', { name: 'STORNIEREN' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Prüfbericht Nr. 7 ganz stornieren, mit allen 3 Einheiten 4852611001, 4852611002, 4852611003?',
    );
    await user.click(screen.getByRole('button', { name: 'JA, STORNIEREN' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/certificates/7/void', { version: 3, reason: 'Falsche Maschine' }),
    );
  });

  it('asks nothing while no unit is chosen or the reason is missing', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'STORNIEREN' }));
    expect(screen.getByText('Bitte mindestens eine Einheit wählen')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
