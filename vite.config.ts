import { lingui } from '@lingui/vite-plugin';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The SSR build's entry is our own server (server/main.ts), which imports React Router's virtual server
// build: pages, loaders and server modules end up in one bundle sharing one module graph.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [lingui(), reactRouter()],
  build: isSsrBuild ? { target: 'node24' } : { target: 'es2022', cssMinify: true },
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: { main: './server/main.ts' } },
      },
    },
  },
}));
