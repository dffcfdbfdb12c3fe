/** The console's HTTP client, wired to the session store, the toasts and the injected config. */
import { signSecret } from '../app/app-config';
import { endSession } from '../app/end-session';
import { notifier } from '../app/notify';
import { useSession } from '../app/session-store';
import { createCall } from './call';
import { createHttpClient } from './http';

export const http = createHttpClient({
  getToken: () => useSession.getState().token,
  getTenantId: () => useSession.getState().userInfo?.tenant.id ?? null,
  endSession,
  notifier,
  signSecret,
});

/** Typed calls of operations declared in domain (api/call.ts). */
export const call = createCall(http, notifier);
