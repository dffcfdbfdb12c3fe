import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareServer } from './start';

/** Reads config, opens the database, prepares it (prepareServer), starts the job worker, then serves HTTP until a signal arrives. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { app, services } = await prepareServer(config, database).catch(async (error) => {
    await database.close();
    throw error;
  });
  // exports and expiry run here; app.close() stops the worker before the database closes
  await services.jobs.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`console at http://localhost:${config.port}/  API docs at http://localhost:${config.port}/api/docs`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
