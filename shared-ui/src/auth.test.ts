import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { clearToken, getToken, setToken, subscribeToken, TOKEN_KEY, useToken } from './auth';

afterEach(() => window.localStorage.clear());

describe('token store', () => {
  it('keeps the token in localStorage under "token"', () => {
    setToken('abc');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(getToken()).toBe('abc');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('tells subscribers about changes, also from other tabs', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeToken(listener);
    setToken('a');
    clearToken();
    window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    setToken('b');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('useToken re-renders on change', () => {
    const { result } = renderHook(() => useToken());
    expect(result.current).toBeNull();
    act(() => setToken('xyz'));
    expect(result.current).toBe('xyz');
    act(() => clearToken());
    expect(result.current).toBeNull();
  });
});
