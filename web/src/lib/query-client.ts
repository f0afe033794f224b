import { QueryClient, notifyManager } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Components hear of cache changes in a microtask rather than the default zero-delay timer:
// an optimistic cart change is drawn before the next tap is handled, as a store of its own
// would draw it (a quick second tap on the stepper must see the first one's number).
notifyManager.setScheduler(queueMicrotask);

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
