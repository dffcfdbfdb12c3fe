import type { Services } from '../../services';
import { syncAllStatements } from './top-up';
import { runWithdrawals, WITHDRAW_JOB, WITHDRAW_SWEEP_JOB, withdrawJobKey } from './withdrawals';

/** How often and how long a withdrawal is followed up after its request while the bank works on it. */
const WITHDRAW_FOLLOW_UP_SECONDS = 2;
const WITHDRAW_FOLLOW_UP_ROUNDS = 90;

/**
 * Every five minutes the paying banks' statements are read and deposits not yet credited are
 * credited. A withdrawal is sent to the bank after its request and followed up every few seconds;
 * every minute whatever is still open is sent again (the reconciler after a crash or a lost answer).
 */
export function registerFinanceJobs(services: Services): void {
  services.jobs.register(
    'finance.sync-statements',
    async () => {
      await services.ctx.scopes.withSystem('finance: reconciling the paying banks with their statements', () =>
        syncAllStatements(services),
      );
    },
    { cron: '*/5 * * * *' },
  );
  services.jobs.register(
    WITHDRAW_JOB,
    async (data) => {
      const { withdrawalId, round } = data as { withdrawalId?: unknown; round?: unknown };
      if (typeof withdrawalId !== 'number') return;
      const open = await runWithdrawals(services, { withdrawalId });
      const next = (typeof round === 'number' ? round : 0) + 1;
      if (open > 0 && next < WITHDRAW_FOLLOW_UP_ROUNDS)
        await services.jobs.send(
          WITHDRAW_JOB,
          { withdrawalId, round: next },
          withdrawJobKey(withdrawalId),
          WITHDRAW_FOLLOW_UP_SECONDS,
        );
    },
    { policy: 'short' },
  );
  services.jobs.register(
    WITHDRAW_SWEEP_JOB,
    async () => {
      await runWithdrawals(services);
    },
    { cron: '* * * * *' },
  );
}
