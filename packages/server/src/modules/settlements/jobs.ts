import type { Services } from '../../services';
import { generatePendingStatements, generateStatement, STATEMENT_JOB, STATEMENT_SWEEP_JOB } from './documents';
import { payoutJobKey } from './links';
import { runPayouts } from './payouts';
import { generatePendingReports, generateReport, REPORT_JOB, settlementReportExport } from './report';

/** How often and how long a paid settlement's payouts are followed up after its payment. */
const PAYOUT_FOLLOW_UP_SECONDS = 2;
const PAYOUT_FOLLOW_UP_ROUNDS = 90;

/**
 * The payout runner: sent after each payment and re-issue (for that settlement), and every minute
 * for everything still open, which is also the reconciler after a crash (payouts.ts).
 *
 * A settlement's jobs (the payment's, a re-issue's, the follow-ups) all carry `settlement:<id>` on a
 * `short` queue, which keeps one waiting job per key: a re-issue while a follow-up waits adds
 * nothing (the waiting round runs the new instruction too), and a follow-up sent while another
 * job of the settlement waits is dropped, so two chains never run side by side.
 */
export function registerSettlementJobs(services: Services): void {
  services.jobs.register(
    'settlements.payouts',
    async (data) => {
      const { settlementId, round } = data as { settlementId?: unknown; round?: unknown };
      if (typeof settlementId !== 'number') return;
      const { open } = await runPayouts(services, { settlementId });
      // the bank answers asynchronously: while a settlement has instructions in flight it is asked
      // again every few seconds, not only at the reconciler's minute; past the last round the
      // reconciler carries on
      const next = (typeof round === 'number' ? round : 0) + 1;
      if (open > 0 && next < PAYOUT_FOLLOW_UP_ROUNDS) {
        await services.jobs.send(
          'settlements.payouts',
          { settlementId, round: next },
          payoutJobKey(settlementId),
          PAYOUT_FOLLOW_UP_SECONDS,
        );
      }
    },
    { policy: 'short' },
  );
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
  // the settlement report (decision 0026): its PDF, the sweep of reports left generating, and the
  // document the download files in the cache
  services.jobs.register(REPORT_JOB, async (data) => {
    const { settlementId } = data as { settlementId?: unknown };
    if (typeof settlementId === 'number') await generateReport(services, { settlementId });
  });
  services.exports.define(settlementReportExport(services));
  services.jobs.register(
    STATEMENT_SWEEP_JOB,
    async () => {
      await generatePendingStatements(services);
      await generatePendingReports(services);
    },
    { cron: '* * * * *' },
  );
}
