import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist at `/` and rewrites the `<!--APP_CONFIG-->` placeholder of index.html,
// so the build uses relative asset paths. The manifest lets bench/web/size.ts walk the chunks
// each route needs.
const serverUrl = process.env.FIELDPAY_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      treeshake: {
        // @fieldpay/domain has no side effects and builds its zod schemas at module level;
        // without these hints, importing one message would pull zod and every schema of the
        // domain into the login chunk.
        moduleSideEffects: (id) => !/[\\/]packages[\\/]domain[\\/]/.test(id),
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    proxy: {
      '/api': serverUrl,
      '/platform': serverUrl,
      '/enterprise': serverUrl,
      '/sys': serverUrl,
    },
  },
});
