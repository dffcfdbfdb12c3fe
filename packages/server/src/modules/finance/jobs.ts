import type { Services } from '../../services';
import { syncAllStatements } from './top-up';

/** Every five minutes the paying banks' statements are read and deposits not yet credited are credited. */
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
}
