import type { Services } from '../../services';
import { generatePendingStatements, generateStatement, STATEMENT_JOB, STATEMENT_SWEEP_JOB } from './documents';
import { runPayouts } from './payouts';

/**
 * The payout runner: sent after each payment and re-issue (for that settlement), and every minute
 * for everything still open, which is also the reconciler after a crash (payouts.ts).
 */
export function registerSettlementJobs(services: Services): void {
  services.jobs.register('settlements.payouts', async (data) => {
    const { settlementId } = data as { settlementId?: unknown };
    await runPayouts(services, { settlementId: typeof settlementId === 'number' ? settlementId : undefined });
  });
  services.jobs.register(
    'settlements.reconcile',
    async () => {
      await runPayouts(services);
    },
    { cron: '* * * * *' },
  );
  // the reconciliation statement of one settlement (decision 0024), and every minute any left at 1
  services.jobs.register(STATEMENT_JOB, async (data) => {
    const { settlementId, userId } = data as { settlementId?: unknown; userId?: unknown };
    if (typeof settlementId === 'number')
      await generateStatement(services, { settlementId, userId: typeof userId === 'number' ? userId : undefined });
  });
  services.jobs.register(
    STATEMENT_SWEEP_JOB,
    async () => {
      await generatePendingStatements(services);
    },
    { cron: '* * * * *' },
  );
}
