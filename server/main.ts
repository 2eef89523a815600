// Process entry: config → database → migrations → demo data → HTTP. Bundled by Vite together with the
// React Router server build (see vite.config.ts), so pages and server share one module graph.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as build from 'virtual:react-router/server-build';
import { startServer } from './startServer.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

startServer({ build, clientDir: path.resolve(here, '../client') }).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
