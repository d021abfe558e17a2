import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { pwaOptions } from './pwa.config.ts';

// Pinned to this folder so the same config works from apps/web, from the workspace root
// (`--config apps/web/vite.config.ts`) and as a project of the root vitest config.
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild = false }) => ({
  root: webRoot,
  // Lingui compiles the .po catalogues on import; an untranslated message or a broken one fails the build.
  // The service worker and the web app manifest of the installable staff app: see pwa.config.ts.
  plugins: [
    react(),
    tailwindcss(),
    lingui({ cwd: webRoot, failOnMissing: true, failOnCompileError: true }),
    // The server's renderer of the diner pages (src/entry-server.tsx) has no service worker to build.
    isSsrBuild ? [] : VitePWA(pwaOptions),
  ],
  // The server's renderer is one file with everything it uses: the server installs none of the web's packages.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/socket.io': { target: apiOrigin, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reads the manifest to know the hashed entry files.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Browsers preload modules themselves (Chrome 66, Firefox 115, Safari 17); an older Safari still loads each
    // module when it is imported, only without the head start. The polyfill would cost every first download.
    modulePreload: { polyfill: false },
  },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
