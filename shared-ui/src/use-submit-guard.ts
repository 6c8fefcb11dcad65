import { useCallback, useRef } from 'react';

/**
 * Runs a form's send action unless the previous one is still running. A ref, not state: a double click
 * arrives before the next render disables the button, and must still send one request.
 */
export function useSubmitGuard(): <T>(send: () => Promise<T>) => Promise<T | undefined> {
  const sending = useRef(false);
  return useCallback(async <T>(send: () => Promise<T>) => {
    if (sending.current) return undefined;
    sending.current = true;
    try {
      return await send();
    } finally {
      sending.current = false;
    }
  }, []);
}
