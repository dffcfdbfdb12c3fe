import { useCallback, useRef, useState } from 'react';

/**
 * One piece of work at a time (a download, an export): a click while one runs does nothing, so a
 * double click downloads once. `busy` is the running work's key, for its button's spinner. A
 * failure was shown by the request layer already.
 */
export function useOneAtATime() {
  // the ref, not the state: two clicks inside one render both see the state still empty
  const running = useRef(false);
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(async (key: string, work: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(key);
    try {
      await work();
    } catch {
      // shown by the request layer
    } finally {
      running.current = false;
      setBusy(null);
    }
  }, []);
  return { busy, run };
}
