import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The domain package ships TypeScript sources; the alias lets Vite resolve '@dzy/domain/<path>' to them
// directly (the package's "./*" export also works, the alias just avoids the symlink round-trip).
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@dzy\/domain\/(.*)$/, replacement: `${here('../../packages/domain/src')}/$1` }],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.DZY_API_TARGET ?? 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
});
