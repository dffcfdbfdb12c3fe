/** Navigation for code outside components (session end, tenant switch). */

let navigate: ((to: string, options?: { replace?: boolean }) => void) | null = null;

export function setNavigate(fn: typeof navigate): void {
  navigate = fn;
}

export function goTo(path: string): void {
  if (navigate) navigate(path, { replace: true });
  else window.location.hash = `#${path}`;
}

/** A full reload at `path` (tenant switch: every cached figure belongs to the old tenant). */
export function reloadAt(path: string): void {
  window.location.hash = `#${path}`;
  window.location.reload();
}
