import { describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { useSubmitGuard } from './use-submit-guard';

describe('useSubmitGuard', () => {
  it('ignores a second send while the first is running, and sends again once it has settled', async () => {
    const { result } = renderHook(() => useSubmitGuard());
    let finish!: (value: string) => void;
    const send = jest.fn(() => new Promise<string>((resolve) => (finish = resolve)));

    let first!: Promise<string | undefined>;
    let second!: Promise<string | undefined>;
    act(() => {
      first = result.current(send);
      second = result.current(send);
    });
    expect(send).toHaveBeenCalledTimes(1);
    await expect(second).resolves.toBeUndefined();
    await act(async () => finish('sent'));
    await expect(first).resolves.toBe('sent');

    await act(async () => {
      const third = result.current(send);
      finish('again');
      await expect(third).resolves.toBe('again');
    });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('lets the user try again after a failed send', async () => {
    const { result } = renderHook(() => useSubmitGuard());
    const send = jest.fn<() => Promise<void>>().mockRejectedValueOnce(new Error('offline'));
    await act(() => expect(result.current(send)).rejects.toThrow('offline'));
    send.mockResolvedValueOnce(undefined);
    await act(() => result.current(send));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps the same function across renders', () => {
    const { result, rerender } = renderHook(() => useSubmitGuard());
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
