import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './end-session';

/** Server state of the console (the login page needs none, so this loads with the console). */
export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer shows failures already; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

onSessionEnd(() => queryClient.clear());
