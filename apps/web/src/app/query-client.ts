import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../api/client.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // Offline, reads still go out once: the service worker answers them from its cache.
      networkMode: 'offlineFirst',
      // Client errors (404 and the like) are answers, not glitches: no retry.
      retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 2,
    },
  },
});
