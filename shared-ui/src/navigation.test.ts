import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { navigateTo, setNavigator } from './navigation';

afterEach(() => setNavigator(null));

describe('navigateTo', () => {
  it('goes through the registered router', () => {
    const navigate = jest.fn();
    setNavigator(navigate);
    navigateTo('/login', { replace: true });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('without a router it would reload the page, so nothing registered means nothing else is called', () => {
    const navigate = jest.fn();
    setNavigator(navigate);
    setNavigator(null);
    // jsdom does not implement navigation; the call must not reach the old router.
    try {
      navigateTo('/login', { replace: true });
    } catch {
      // jsdom: "Not implemented: navigation"
    }
    expect(navigate).not.toHaveBeenCalled();
  });
});
