import { QueryClient } from '@tanstack/react-query';
import { readRetryDelay, shouldRetryRead } from '../api/read-retry.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // Offline, reads still go out once: the service worker answers them from its cache.
      networkMode: 'offlineFirst',
      retry: shouldRetryRead,
      retryDelay: readRetryDelay,
    },
  },
});
