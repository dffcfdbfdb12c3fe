import fs from 'node:fs';

/**
 * Test-only crash points of the payout runner, for payout-crash.test.ts, which kills the real
 * server with SIGKILL at the two places issue 12 names. With NODE_ENV=test and
 * PAYOUT_CRASH_AT=<point>:<n>, the process stops dead the n-th time it passes <point>: it writes
 * `payout crash point <point>:<n> reached` to stderr and blocks its only thread (Atomics.wait), so
 * nothing more happens in it (no other lane's call, no commit, no timer) until the test kills it.
 * Points:
 * - `before-bank`: a payout instruction (kind P) whose yurref is committed is about to be sent to
 *   the bank for the first time;
 * - `after-accept`: the bank has accepted a payout instruction and its answer is not yet applied.
 * Anywhere else, or without the variable, crashPoint does nothing.
 */
export type CrashPoint = 'before-bank' | 'after-accept';

const armed = process.env.NODE_ENV === 'test' ? process.env.PAYOUT_CRASH_AT : undefined;
const [armedPoint, armedCount] = armed?.split(':') ?? [];
const passes = new Map<string, number>();

export function crashPoint(point: CrashPoint): void {
  if (point !== armedPoint) return;
  const passed = (passes.get(point) ?? 0) + 1;
  passes.set(point, passed);
  if (passed !== Number(armedCount)) return;
  fs.writeSync(2, `payout crash point ${armed} reached\n`);
  // blocks this thread for good: the test's SIGKILL ends the process here
  for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}
