import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The app's one cache of server state (the cart included). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors will not get better by asking again.
        retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
  });
}

export const queryClient = createQueryClient();
