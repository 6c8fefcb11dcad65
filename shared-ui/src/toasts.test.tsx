import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { notify, TOAST_DEFAULTS, ToastHost } from './toasts';

describe('toasts', () => {
  it('top right, 5000 ms, pause on hover and focus loss, draggable', () => {
    expect(TOAST_DEFAULTS).toMatchObject({
      position: 'top-right',
      autoClose: 5000,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      draggable: true,
    });
  });

  it('shows a message in the host', async () => {
    render(<ToastHost />);
    act(() => {
      notify.error('Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.');
    });
    expect(
      await screen.findByText('Anmeldung fehlgeschlagen. Bitte versuchen Sie es erneut.'),
    ).toBeInTheDocument();
    expect(document.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
  });
});
