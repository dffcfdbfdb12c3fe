import { DOWNLOAD_INDICATOR_MS, MSG } from '@fieldpay/domain';
/**
 * "An export was submitted" (spec 1 §4, §8): pages call `notifyExportSubmitted()` after an export
 * call succeeds; the top bar shows the in-progress download icon for 3 s and the toast points to it.
 */
import { useEffect, useState } from 'react';
import { notifier } from './notify';

type Listener = () => void;
const listeners = new Set<Listener>();

/** `message`: the toast to show (default 下载任务已提交…); null for none. */
export function notifyExportSubmitted(message: string | null = MSG.exportSubmitted): void {
  if (message) notifier().success(message);
  for (const listener of listeners) listener();
}

export function onExportSubmitted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True for 3 s after each submitted export. */
export function useExportInProgress(durationMs = DOWNLOAD_INDICATOR_MS): boolean {
  const [inProgress, setInProgress] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onExportSubmitted(() => {
      setInProgress(true);
      clearTimeout(timer);
      timer = setTimeout(() => setInProgress(false), durationMs);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [durationMs]);
  return inProgress;
}
