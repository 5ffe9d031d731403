import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.PALABRE_API ?? 'http://127.0.0.1:8080';

/** Text files worth compressing (source maps are left alone: only developer tools fetch them). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/** Writes brotli and gzip versions of the built text files, once, at build time. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'palabre-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const name of fs.readdirSync(outDir, { recursive: true }) as string[]) {
        const file = path.join(outDir, name);
        if (!COMPRESSIBLE.test(name) || !fs.statSync(file).isFile()) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * The application's chunk (boot.tsx), which the small entry script imports, is announced in
 * index.html as a module preload: fetched and compiled at once, run when the entry imports it.
 */
function preloadBoot(): Plugin {
  return {
    name: 'palabre-preload-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const boot = Object.values(context.bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.isDynamicEntry && chunk.moduleIds.some((id) => id.endsWith('/src/boot.tsx')),
        );
        if (boot?.type !== 'chunk') return [];
        // Its imports too, but not the entry script itself (already a script of the page).
        const imports = boot.imports.filter((file) => {
          const chunk = context.bundle?.[file];
          return !(chunk?.type === 'chunk' && chunk.isEntry);
        });
        return [boot.fileName, ...imports].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadBoot()],
  server: {
    port: 5173,
    proxy: {
      '/cm-api': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
      '/healthcheck': api,
    },
  },
  // JSON modules (the translations) as one JSON.parse of a string each: parsed faster than object literals.
  json: { stringify: true, namedExports: false },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // The libraries and code that the application (boot.tsx) shares with the editor's page, both
        // imported by the entry script, make one chunk: named for what it is, not after one of its modules.
        chunkFileNames: (chunk) =>
          !chunk.isDynamicEntry && chunk.moduleIds.some((id) => id.includes('/node_modules/react-dom/')) ? 'assets/app-[hash].js' : 'assets/[name]-[hash].js',
      },
    },
  },
});
