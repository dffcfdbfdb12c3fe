import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every package's tests. Server tests each get a fresh database
// (see packages/server/test/db.ts), so files may run in parallel. Vitest's default leaves one core
// to its main process, which here does little: on a 2-core machine that is one worker and a suite
// twice as long (12 minutes with two, measured 2026-11-28).
export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
          // jsdom and antd are slow on a loaded 2-core machine: a form test may take seconds, and a
          // page-wide role query seconds more (two CI runs lost a test each to a 20 s bound). The
          // tests wait for states; this only bounds a test that never reaches one.
          testTimeout: 60_000,
          setupFiles: ['packages/web/src/test-setup.ts'],
        },
      },
    ],
  },
});
