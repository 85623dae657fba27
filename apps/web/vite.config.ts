import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = process.env.LBS_DEV_BACKEND ?? 'http://localhost:8080';

/** Same origin in production (Fastify serves dist/); in dev the API and the identity provider are proxied. */
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/realms': { target: backend, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // maplibre-gl ships as one 1.08 MB module; it is its own chunk, loaded only by pages that show a map.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      treeshake: {
        // contracts is plain data, schemas and functions: a module none of whose exports the web uses (e.g. the
        // phone-number rules of forms that are not built yet) may be dropped.
        moduleSideEffects: [{ test: /\/packages\/contracts\/src\//, sideEffects: false }],
      },
      output: {
        // Long-lived vendor chunks with readable names; the app's own code changes more often.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/](@tanstack|i18next|react-i18next|zod)[\\/]/ },
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
          ],
        },
      },
    },
  },
});
