import { lingui } from '@lingui/vite-plugin';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// The SSR build's entry is our own server (server/main.ts), which imports React Router's virtual server
// build: pages, loaders and server modules end up in one bundle sharing one module graph.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [lingui(), reactRouter()],
  build: isSsrBuild
    ? { target: 'node24' }
    : {
        target: 'es2022',
        cssMinify: true,
        // React, React DOM, React Router and Lingui load on every page together: one chunk instead of a
        // dozen compresses better and costs one request (decision 0012).
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|@lingui|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                },
              ],
            },
          },
        },
      },
  environments: {
    ssr: {
      build: {
        rollupOptions: { input: { main: './server/main.ts' } },
      },
    },
  },
}));
