/**
 * The console's HTTP client, wired here to the session store, the toasts and the injected config:
 * `api/` holds the generic client and knows nothing of the app (src/architecture.test.ts).
 */
import { createCalls } from '../api/call';
import { createHttpClient } from '../api/http';
import { signSecret } from './app-config';
import { endSession } from './end-session';
import { notifier } from './notify';
import { useSession } from './session-store';

export const http = createHttpClient({
  getToken: () => useSession.getState().token,
  getTenantId: () => useSession.getState().userInfo?.tenant.id ?? null,
  endSession,
  notifier,
  signSecret,
});

/** Typed calls of operations declared in domain (api/call.ts); callWithMessage also answers the envelope's message. */
export const { call, callWithMessage } = createCalls(http, notifier);
