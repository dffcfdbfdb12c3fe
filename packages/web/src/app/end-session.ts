import { goTo } from './navigation';
import { useSession } from './session-store';

type Cleanup = () => void;
const cleanups = new Set<Cleanup>();

/** Something else that holds session data (the query cache) registers how to drop it. */
export function onSessionEnd(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Logout, a permission-list failure or a session the server ended: all data goes, then /login. */
export function endSession(): void {
  useSession.getState().clear();
  for (const cleanup of cleanups) cleanup();
  goTo('/login');
}
