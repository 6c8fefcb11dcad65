import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { getBrands } from '../api/get-brands';
import CertificateCreatePage from './certificate-create-page';

jest.mock('../api/get-brands', () => ({ getBrands: jest.fn() }));
const getBrandsMock = getBrands as jest.MockedFunction<typeof getBrands>;

afterEach(() => {
  getBrandsMock.mockReset();
});

describe('CertificateCreatePage', () => {
  it('shows a spinner while the brands load, then offers them', async () => {
    getBrandsMock.mockResolvedValue([{ id: 1, name: 'BDS', logo: '', email: '', website_link: '' }]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CertificateCreatePage />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'BDS' })).toBeInTheDocument();
    expect(screen.getByLabelText('MARKE')).toBeInTheDocument();
  });
});
