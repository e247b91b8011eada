import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

// `electron-vite build` needs only the electron package's version (for the Node and Chrome targets), not its
// binary, so it runs in CI and on machines where the binary was never downloaded.
export default defineConfig({
  main: {
    build: {
      // Every package.json dependency stays an import resolved from node_modules at run time: the native ones
      // (better-sqlite3, hnswlib-node) cannot be bundled, and electron-builder ships and rebuilds them.
      externalizeDeps: true,
      outDir: 'out/main',
      // service-entry runs in the service's utility process (src/main/utility-service-host.ts forks it); tool-server
      // is the MCP tool server's entry for a packaged app's utility process (src/main/tool-server-host.ts).
      rolldownOptions: {
        input: { index: resolve('src/main/index.ts'), 'service-entry': resolve('src/main/service-entry.ts'), 'tool-server': resolve('src/tool-server.ts') },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload runs without Node's module loader: one self-contained CommonJS file, with only
      // 'electron' left external (the sandbox provides it).
      externalizeDeps: false,
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: resolve('src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    // Relative asset URLs: the service serves the build under /dashboard/.
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve('out/renderer'),
      // Served over HTTP to LAN colleagues as well as to the desktop window: worth the smaller download.
      minify: true,
      rolldownOptions: {
        input: {
          index: resolve('src/renderer/index.html'),
          login: resolve('src/renderer/login.html'),
        },
      },
    },
  },
});
