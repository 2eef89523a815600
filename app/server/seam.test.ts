// The seam between pages and the server: route modules reach operations only through app/server/*.server.ts
// functions, and nothing in app/ touches the database handle (operations do).
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const appDir = path.resolve(import.meta.dirname, '..');
const files = (fs.readdirSync(appDir, { recursive: true }) as string[])
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
  .map((f) => ({ file: f, text: fs.readFileSync(path.join(appDir, f), 'utf8') }));

it('no file of app/ uses the database handle', () => {
  expect(files.filter((f) => /\bdatabase\.db\b|\bservices\.database\b/.test(f.text)).map((f) => f.file)).toEqual([]);
});

it('no route module handles the services itself', () => {
  const routes = files.filter((f) => f.file.startsWith('routes/'));
  expect(routes.length).toBeGreaterThan(20);
  expect(routes.filter((f) => /\bservices\b/.test(f.text)).map((f) => f.file)).toEqual([]);
});
