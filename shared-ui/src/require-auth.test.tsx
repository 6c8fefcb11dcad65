import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { clearToken, setToken } from './auth';
import { RequireAuth } from './require-auth';

async function app(initial: string) {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[initial]}>
        <Routes>
          <Route path="/login" element={<p>Login-Seite</p>} />
          <Route
            path="/"
            element={
              <RequireAuth>
                <p>Geschützt</p>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
  });
}

afterEach(() => window.localStorage.clear());

describe('RequireAuth', () => {
  it('sends a signed-out user to /login', async () => {
    await app('/');
    expect(screen.getByText('Login-Seite')).toBeInTheDocument();
    expect(screen.queryByText('Geschützt')).not.toBeInTheDocument();
  });

  it('shows the screen with a token and leaves when the token goes', async () => {
    setToken('t');
    await app('/');
    expect(screen.getByText('Geschützt')).toBeInTheDocument();
    act(() => clearToken());
    expect(screen.getByText('Login-Seite')).toBeInTheDocument();
  });
});
