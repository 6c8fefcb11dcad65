import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import LandingPage from './landing-page';

describe('LandingPage', () => {
  it('shows the serial number from the route', () => {
    render(
      <MemoryRouter initialEntries={['/landing/7/4852406001']}>
        <Routes>
          <Route path="/landing/:id/:serial?" element={<LandingPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('SERIAL NUMBER / SERIENNUMMER')).toBeInTheDocument();
    expect(screen.getByText('4852406001')).toBeInTheDocument();
  });
});
