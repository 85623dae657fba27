import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** What is worth compressing (fonts, images and tiles are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Every compressible file of the build also as `.br` (brotli, best quality) and `.gz`, made once here, so the server
 * sends them as they are (`@fastify/static`'s preCompressed) instead of compressing each answer or sending it raw.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lbs-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipped(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

const backend = process.env.LBS_DEV_BACKEND ?? 'http://localhost:8080';

/** Same origin in production (Fastify serves dist/); in dev the API and the identity provider are proxied. */
export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // The browser checks phone numbers with libphonenumber's small metadata (length and country, 80 KB less in the
    // first bundle); the server's full check stays authoritative and its field message shows under the field.
    alias: { 'libphonenumber-js/max': 'libphonenumber-js/min' },
  },
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
            { name: 'vendor', test: /node_modules[\\/](@tanstack|i18next|react-i18next)[\\/]/ },
            // The schema library: loaded beside the first API call and by the forms, never in the first bundle.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl[\\/]/ },
            // Shared by the forms only: its own chunk, not the entry's.
            { name: 'phone', test: /node_modules[\\/]libphonenumber-js[\\/]/ },
          ],
        },
      },
    },
  },
});
