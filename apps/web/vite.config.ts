import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.PALABRE_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/cm-api': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
      '/healthcheck': api,
    },
  },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
