import type { DefaultOptions } from '@tanstack/react-query';
import axios from 'axios';

/**
 * Server-state defaults for every app's QueryClient: no retry on answers the server meant (4xx),
 * keep data briefly, no refetch on focus. Options only, so shared-ui itself does not load TanStack Query.
 */
export const queryDefaults: DefaultOptions = {
  queries: {
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    retry: (failureCount, error) => {
      const status = axios.isAxiosError(error) ? error.response?.status : undefined;
      if (status !== undefined && status < 500) return false;
      return failureCount < 2;
    },
  },
  mutations: { retry: false },
};
