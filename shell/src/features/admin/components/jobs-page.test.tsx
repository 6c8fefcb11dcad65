import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobsOverview, StaffLanguage } from 'contracts';
import { Route } from 'react-router-dom';
import { http, setLanguage } from 'shared-ui';
import { renderAt } from '../../../test/render';
import JobsPage from './jobs-page';

let overview: JobsOverview;
const post = jest.spyOn(http, 'post');

beforeEach(() => {
  overview = {
    queued: 3,
    running: 1,
    failed: 1,
    oldest_queued: '2026-11-28T08:15:00.000Z',
    failed_jobs: [
      {
        id: 42,
        kind: 'seal-certificate',
        subject: 'certificate:7',
        error: 'Schrift nicht gefunden',
        attempts: 5,
        created_at: '2026-11-28T07:00:00.000Z',
        finished_at: '2026-11-28T07:20:00.000Z',
      },
    ],
  };
  jest.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/jobs') return { data: overview } as never;
    throw new Error(`unexpected GET ${url}`);
  });
  post.mockReset();
});
afterEach(() => act(() => setLanguage('de')));

describe('JobsPage', () => {
  it('shows the backlog and a failed job with its error; ERNEUT VERSUCHEN queues it again', async () => {
    const user = userEvent.setup();
    post.mockImplementation(async () => {
      overview = { ...overview, queued: 4, failed: 0, failed_jobs: [] };
      return { data: null } as never;
    });
    renderAt('/admin/jobs', <Route path="/admin/jobs" element={<JobsPage />} />);
    const summary = await screen.findByRole('region', { name: 'Stand' });
    expect(within(summary).getByText('Wartend').nextSibling).toHaveTextContent('3');
    expect(within(summary).getByText('Ältester wartender seit').nextSibling).toHaveTextContent(
      '28.11.2026 09:15',
    );
    const row = screen.getByRole('row', { name: /Prüfbericht versiegeln/ });
    expect(within(row).getByRole('link', { name: 'Prüfbericht 7' })).toHaveAttribute(
      'href',
      '/certificates/7',
    );
    expect(row).toHaveTextContent('Schrift nicht gefunden');
    await user.click(within(row).getByRole('button', { name: 'Erneut versuchen: Auftrag 42' }));
    expect(post).toHaveBeenCalledWith('/jobs/42/retry');
    expect(await screen.findByText('Auftrag 42 wartet wieder.')).toBeInTheDocument();
    expect(await screen.findByText('Keine fehlgeschlagenen Aufträge.')).toBeInTheDocument();
  });

  it('a refused retry says why in German and keeps the row', async () => {
    const user = userEvent.setup();
    post.mockRejectedValue(
      Object.assign(new Error('409'), {
        isAxiosError: true,
        response: {
          status: 409,
          data: {
            error: {
              code: 'CONFLICT',
              message:
                'Für dieselbe Sache wartet schon ein neuerer Auftrag; dieser muss nicht noch einmal laufen.',
            },
          },
        },
      }),
    );
    renderAt('/admin/jobs', <Route path="/admin/jobs" element={<JobsPage />} />);
    await user.click(await screen.findByRole('button', { name: 'Erneut versuchen: Auftrag 42' }));
    expect(await screen.findByText(/wartet schon ein neuerer Auftrag/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Prüfbericht versiegeln/ })).toBeInTheDocument();
  });
});

describe.each([
  {
    language: 'en',
    summary: 'Status',
    queued: 'Waiting',
    queuedCount: '12,345',
    oldest: ['Oldest waiting since', '28/11/2026 09:15'],
    kind: 'Seal certificate',
    subject: 'Certificate 7',
    retry: 'Retry: job 42',
    attempts: '1,205',
  },
  {
    language: 'pl',
    summary: 'Stan',
    queued: 'Oczekujące',
    // A no-break space between the groups, which the matcher reads as a space.
    queuedCount: '12 345',
    oldest: ['Najstarsze oczekujące od', '28.11.2026 09:15'],
    kind: 'Pieczętowanie protokołu badania',
    subject: 'Protokół badania 7',
    retry: 'Ponów: zadanie 42',
    attempts: '1205',
  },
])('JobsPage in $language', (text) => {
  it('shows the backlog and a failed job in the language, counts and dates its way', async () => {
    overview = {
      ...overview,
      queued: 12_345,
      failed_jobs: [{ ...overview.failed_jobs[0], attempts: 1205 }],
    };
    await act(() => setLanguage(text.language as StaffLanguage));
    renderAt('/admin/jobs', <Route path="/admin/jobs" element={<JobsPage />} />);
    const summary = await screen.findByRole('region', { name: text.summary });
    expect(within(summary).getByText(text.queued).nextSibling).toHaveTextContent(text.queuedCount);
    expect(within(summary).getByText(text.oldest[0]).nextSibling).toHaveTextContent(text.oldest[1]);
    const row = screen.getByRole('row', { name: new RegExp(text.kind) });
    expect(within(row).getByRole('link', { name: text.subject })).toHaveAttribute('href', '/certificates/7');
    expect(within(row).getByRole('cell', { name: text.attempts })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: text.retry })).toBeEnabled();
  });
});
