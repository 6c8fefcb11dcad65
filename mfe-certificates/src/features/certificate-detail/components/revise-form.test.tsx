import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CERTIFICATE_DEFAULTS, type Certificate } from 'contracts';
import { http } from 'shared-ui';
import { defaultRecord, INSULATION_STEP } from '../../../test-support/test-record';
import { CHECK_ITEMS } from '../../../components/check-items';
import { ReviseForm } from './revise-form';

// A plan of the machine's own has none of the earlier form's checks, or some: the correction offers those only.
const post = jest.spyOn(http, 'post');
const serials = ['4852611001', '4852611002'];
const certificateWith = (steps: Certificate['test_record']['steps']) =>
  ({
    ...CERTIFICATE_DEFAULTS,
    id: 7,
    version: 3,
    checked_by: 'Max Mustermann',
    origin_germany: 'Deutschland',
    test_record: { ...defaultRecord(serials), steps },
  }) as unknown as Certificate;

function renderForm(certificate: Certificate) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReviseForm certificate={certificate} onDone={jest.fn()} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  post.mockReset();
  post.mockResolvedValue({ data: { revision: 2 } } as never);
});

describe('ReviseForm', () => {
  it('a plan measuring only the insulation shows no check boxes and sends none of the checks', async () => {
    const user = renderForm(certificateWith([INSULATION_STEP]));
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    await user.type(screen.getByLabelText('GRUND DER KORREKTUR'), 'Prüfer falsch geschrieben');
    await user.click(screen.getByRole('button', { name: 'KORREKTUR SPEICHERN' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const body = post.mock.calls[0][1] as Record<string, unknown>;
    expect(body).toMatchObject({ reason: 'Prüfer falsch geschrieben', version: 3 });
    for (const check of ['perpendicularity', 'accessories', 'isolation', 'resistance_to_voltage'])
      expect(body).not.toHaveProperty(check);
  });

  it('a check the plan measures as a value is not offered, and sent as stored: a retest corrects it', async () => {
    const steps = defaultRecord(serials).steps.map((step) =>
      step.key === 'insulation_resistance' ? { ...INSULATION_STEP, key: step.key } : step,
    );
    const user = renderForm({ ...certificateWith(steps), insulation_resistance: 'NOT OK' });
    expect(screen.getAllByRole('checkbox')).toHaveLength(CHECK_ITEMS.length - 1);
    expect(screen.queryByRole('checkbox', { name: /ISOLATIONSWIDERSTAND/ })).toBeNull();
    await user.type(screen.getByLabelText('GRUND DER KORREKTUR'), 'Prüfer falsch geschrieben');
    await user.click(screen.getByRole('button', { name: 'KORREKTUR SPEICHERN' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][1]).not.toHaveProperty('insulation_resistance');
  });

  it('the default plan offers every check, and sends each', async () => {
    const certificate = certificateWith(defaultRecord(serials).steps);
    const user = renderForm(certificate);
    expect(screen.getAllByRole('checkbox')).toHaveLength(CHECK_ITEMS.length);
    await user.type(screen.getByLabelText('GRUND DER KORREKTUR'), 'Zubehör fehlte');
    await user.click(screen.getAllByRole('checkbox')[0]);
    await user.click(screen.getByRole('button', { name: 'KORREKTUR SPEICHERN' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const body = post.mock.calls[0][1] as Record<string, unknown>;
    expect(body).toMatchObject({
      perpendicularity: 'NOT OK',
      accessories: 'OK',
      resistance_to_voltage: '1500 V',
    });
  });
});
