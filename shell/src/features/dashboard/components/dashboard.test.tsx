import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route } from 'react-router-dom';
import type { RemoteKey } from 'contracts';
import { loadScreen } from '../../../federation/remotes';
import { renderAtAsync } from '../../../test/render';
import { parseTab, tabsFor } from '../../../tabs';
import { Dashboard } from './dashboard';

jest.mock('../../../federation/remotes', () => ({ loadScreen: jest.fn(), prepareRetry: jest.fn() }));
const loadScreenMock = loadScreen as jest.MockedFunction<typeof loadScreen>;

async function renderDashboard(initial: string) {
  await renderAtAsync(
    initial,
    <Route
      path="/"
      element={
        <>
          <Link to="/?tab=machine_list">zu Bearbeiten</Link>
          <Link to="/?tab=certificate_create">zu Erstellen</Link>
          <Dashboard />
        </>
      }
    />,
  );
}

beforeEach(() => {
  loadScreenMock.mockImplementation(async (remote: RemoteKey, expose: string) => ({
    default: () => <p>{`${remote}/${expose}`}</p>,
  }));
});
afterEach(() => {
  loadScreenMock.mockReset();
});

describe('parseTab', () => {
  it('falls back to the default tab', () => {
    expect(parseTab(null)).toBe('certificate_create');
    expect(parseTab('nope')).toBe('certificate_create');
    expect(parseTab('machine_list')).toBe('machine_list');
  });

  it('falls back to the first tab the roles allow', () => {
    expect(tabsFor(['lesen'])).toEqual([
      'certificate_list',
      'reports',
      'machine_list',
      'instruments',
      'notices',
    ]);
    expect(tabsFor(['stammdaten', 'pruefer'])).toEqual([
      'certificate_create',
      'certificate_list',
      'reports',
      'machine_list',
      'instruments',
      'notices',
    ]);
    // What waits for release only for who may release it.
    expect(tabsFor(['freigabe'])).toEqual([
      'certificate_list',
      'release_queue',
      'reports',
      'machine_list',
      'instruments',
      'notices',
      'service_requests',
    ]);
    expect(tabsFor(['admin'])).toContain('release_queue');
    // Customers' contact data: who sees owners' registrations, never an inspector or a reader.
    expect(tabsFor(['admin'])).toContain('service_requests');
    expect(tabsFor(['pruefer', 'lesen', 'stammdaten'])).not.toContain('service_requests');
    expect(parseTab('release_queue', tabsFor(['pruefer']))).toBe('certificate_create');
    expect(parseTab('certificate_create', tabsFor(['lesen']))).toBe('certificate_list');
    expect(parseTab(null, tabsFor(['lesen']))).toBe('certificate_list');
  });
});

describe('Dashboard', () => {
  it('loads only the default tab at first', async () => {
    await renderDashboard('/');
    expect(await screen.findByText('certificates/CertificateCreate')).toBeInTheDocument();
    expect(loadScreenMock).toHaveBeenCalledTimes(1);
  });

  it('loads a tab from its remote when first opened and keeps opened tabs mounted', async () => {
    await renderDashboard('/?tab=certificate_list');
    expect(await screen.findByText('certificates/CertificateList')).toBeVisible();
    await act(() => userEvent.click(screen.getByRole('link', { name: 'zu Bearbeiten' })));
    expect(await screen.findByText('machines/MachineList')).toBeVisible();
    expect(screen.getByText('certificates/CertificateList')).not.toBeVisible();
    await act(() => userEvent.click(screen.getByRole('link', { name: 'zu Erstellen' })));
    expect(await screen.findByText('certificates/CertificateCreate')).toBeVisible();
    expect(loadScreenMock.mock.calls.map(([remote, expose]) => `${remote}/${expose}`)).toEqual([
      'certificates/CertificateList',
      'machines/MachineList',
      'certificates/CertificateCreate',
    ]);
  });
});
