import { defineConfig } from 'vitest/config';

// One `npm test` runs every package's tests. Server tests each get a fresh database
// (see packages/server/test/db.ts), so files may run in parallel.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['packages/server/test/global-setup.ts'],
        },
      },
      {
        extends: 'packages/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // jsdom and antd are slow on a loaded 2-core machine; a form test may take seconds
          testTimeout: 20_000,
          setupFiles: ['packages/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
