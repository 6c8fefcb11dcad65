import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setConfig } from 'shared-ui';
import LandingPage from './landing-page';

afterEach(() => setConfig(null));

describe('LandingPage (the screen exposed to the shell)', () => {
  it("takes the machine and serial from the shell's route and the API base from the shell's config", async () => {
    setConfig({
      apiBase: 'https://api.example.com/api',
      webBase: 'https://example.com',
      remotes: { certificates: '/c.json', machines: '/m.json', landing: '/l.json' },
      labelPrintUrl: null,
      companyName: 'BDS Maschinen GmbH',
      companyAddress: 'Martinstrasse 108, 41063 Mönchengladbach, Germany',
    });
    const fetchMock = jest.fn<typeof fetch>().mockReturnValue(new Promise(() => {}));
    globalThis.fetch = fetchMock;
    render(
      <MemoryRouter initialEntries={['/landing/7/4852406001']}>
        <Routes>
          <Route path="/landing/:id/:serial?" element={<LandingPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('Data loading ...')).toBeInTheDocument();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        'https://api.example.com/api/brandMachineById/7?serial=4852406001',
        expect.objectContaining({ credentials: 'omit' }),
      ),
    );
  });
});
