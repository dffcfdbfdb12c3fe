import { KEEPALIVE } from '@fieldpay/domain';
/**
 * Session keepalive (spec 2 §4): a ping every 600000 ms, at most 10 times. A failed ping is shown
 * by the request layer with the server's message (and ends the session on 10001).
 */

/** e2e hook: a shorter interval in ms, read from localStorage. */
export const PING_INTERVAL_OVERRIDE_KEY = 'e2e:pingMs';

export function keepaliveInterval(): number {
  const override = Number(localStorage.getItem(PING_INTERVAL_OVERRIDE_KEY));
  return Number.isInteger(override) && override > 0 ? override : KEEPALIVE.intervalMs;
}

/** Starts pinging; answers the function that stops it. */
export function startKeepalive(
  ping: () => Promise<unknown>,
  intervalMs = keepaliveInterval(),
  maxPings: number = KEEPALIVE.maxPings,
): () => void {
  let sent = 0;
  const timer = setInterval(() => {
    sent += 1;
    if (sent >= maxPings) clearInterval(timer);
    ping().catch(() => undefined);
  }, intervalMs);
  return () => clearInterval(timer);
}
