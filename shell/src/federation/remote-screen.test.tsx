import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { RemoteScreen } from './remote-screen';
import { RemoteUnavailable } from './remote-unavailable';
import { loadScreen, prepareRetry } from './remotes';

jest.mock('./remotes', () => ({ loadScreen: jest.fn(), prepareRetry: jest.fn() }));
const loadScreenMock = loadScreen as jest.MockedFunction<typeof loadScreen>;
const prepareRetryMock = prepareRetry as jest.MockedFunction<typeof prepareRetry>;

/** React 19 resumes a suspended `use()` only inside an awaited act scope. */
async function renderAsync(ui: ReactNode) {
  await act(async () => {
    render(ui);
  });
}

const working = { default: () => <p>Maschinenliste</p> };

afterEach(() => {
  loadScreenMock.mockReset();
  prepareRetryMock.mockReset();
  jest.restoreAllMocks();
});

describe('RemoteScreen', () => {
  it('shows a spinner, then the screen', async () => {
    loadScreenMock.mockResolvedValue(working);
    let resolve: (value: typeof working) => void = () => {};
    loadScreenMock.mockReturnValue(new Promise((r) => (resolve = r)));
    await renderAsync(<RemoteScreen remote="machines" expose="MachineList" />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => resolve(working));
    expect(await screen.findByText('Maschinenliste')).toBeInTheDocument();
  });

  it('shows the German fallback when loading fails, and the retry loads again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadScreenMock.mockRejectedValueOnce(new Error('ScriptExternalLoadError')).mockResolvedValue(working);
    await renderAsync(<RemoteScreen remote="machines" expose="MachineList" />);
    expect(await screen.findByText('Modul derzeit nicht verfügbar')).toBeInTheDocument();
    const retryButton = screen.getByRole('button', { name: 'Erneut versuchen' });
    await act(() => userEvent.click(retryButton));
    expect(prepareRetryMock).toHaveBeenCalledWith('machines');
    expect(await screen.findByText('Maschinenliste')).toBeInTheDocument();
    expect(loadScreenMock).toHaveBeenCalledTimes(2);
  });

  it('the fallback module from the runtime plugin retries through the context', async () => {
    loadScreenMock.mockResolvedValueOnce({ default: RemoteUnavailable }).mockResolvedValue(working);
    await renderAsync(<RemoteScreen remote="certificates" expose="CertificateList" />);
    const retryButton = await screen.findByRole('button', { name: 'Erneut versuchen' });
    await act(() => userEvent.click(retryButton));
    expect(await screen.findByText('Maschinenliste')).toBeInTheDocument();
    expect(prepareRetryMock).toHaveBeenCalledWith('certificates');
  });

  it('contains a screen that throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadScreenMock.mockResolvedValue({
      default: () => {
        throw new Error('kaputt');
      },
    });
    await renderAsync(
      <>
        <p>Rest der Shell</p>
        <RemoteScreen remote="landing" expose="Landing" />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Modul derzeit nicht verfügbar');
    expect(screen.getByText('Rest der Shell')).toBeInTheDocument();
  });
});
