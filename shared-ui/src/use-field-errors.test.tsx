import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { useEffect } from 'react';
import { useFieldErrors } from './use-field-errors';

const FIELDS = ['name', 'email'] as const;
type Api = ReturnType<typeof useFieldErrors<(typeof FIELDS)[number]>>;
const seen: { api?: Api } = {};

function Form() {
  const api = useFieldErrors(FIELDS, (field) => `f-${field}`);
  useEffect(() => {
    seen.api = api;
  });
  return (
    <>
      <input id="f-name" aria-label="name" />
      <input id="f-email" aria-label="email" />
      <p>{api.errors.email}</p>
    </>
  );
}

describe('useFieldErrors', () => {
  it('shows the messages and puts the keyboard on the first field in order', () => {
    render(<Form />);
    let any = false;
    act(() => {
      any = seen.api!.show({ email: 'Pflichtfeld' });
    });
    expect(any).toBe(true);
    expect(screen.getByText('Pflichtfeld')).toBeInTheDocument();
    expect(screen.getByLabelText('email')).toHaveFocus();
  });

  it("shows the API's field messages", () => {
    render(<Form />);
    const config = { headers: new AxiosHeaders() };
    const data = { error: { code: 'VALIDATION', message: 'Ungültig', fields: { email: 'Keine E-Mail' } } };
    const response = { status: 400, data, statusText: '', headers: {}, config };
    act(() =>
      seen.api!.showApiError(new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response), 'x'),
    );
    expect(screen.getByText('Keine E-Mail')).toBeInTheDocument();
  });
});
