// The facts the docs state about the code, checked against the code: the folders, services, dependency
// rules and modules of docs/architecture.md, the README's layout, and the decision records' Status lines.
// A doc that drifts from the tree fails here instead of misleading the next reader.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
const dirs = (d: string) =>
  fs
    .readdirSync(path.join(root, d), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

const architecture = read('docs/architecture.md');
const section = (text: string, heading: string) => {
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const end = text.indexOf('\n## ', start + heading.length + 2);
  return text.slice(start, end < 0 ? undefined : end);
};

describe('docs/architecture.md', () => {
  it('names every folder of server/ in its layers, and no folder that is not there', () => {
    const layers = section(architecture, '## Layers');
    const missing = dirs('server').filter((d) => !layers.includes(`${d}/`));
    expect(missing).toEqual([]);
    const named = [...architecture.matchAll(/`server\/([a-zA-Z]+)\//g)].map((m) => m[1]!);
    expect([...new Set(named)].filter((d) => !fs.existsSync(path.join(root, 'server', d)))).toEqual([]);
  });

  it('lists exactly the services of server/core/services.ts', () => {
    const source = read('server/core/services.ts');
    const body = source.slice(source.indexOf('export interface Services {'));
    const members = [...body.slice(0, body.indexOf('\n}')).matchAll(/^ {2}(\w+)\s*[(:]/gm)].map((m) => m[1]!);
    const table = [...architecture.matchAll(/^\| `(\w+)(?:\(\))?` \|/gm)].map((m) => m[1]!);
    expect(table.sort()).toEqual(members.sort());
  });

  it('names every dependency rule of .dependency-cruiser.cjs, and no other', () => {
    const rules = [...read('.dependency-cruiser.cjs').matchAll(/name: '([a-z-]+)'/g)].map((m) => m[1]!);
    const named = [...section(architecture, '## Layers').matchAll(/\[([a-z-]+(?:, *\n? *[a-z-]+)*)\]/g)].flatMap((m) =>
      m[1]!.split(/,\s*/).map((r) => r.trim()),
    );
    expect([...new Set(named)].sort()).toEqual([...new Set(rules)].sort());
  });

  it('names every module folder in its Modules section', () => {
    const modules = section(architecture, '## Modules');
    expect(dirs('server/modules').filter((m) => !new RegExp(`\\b${m}\\b`).test(modules))).toEqual([]);
  });
});

describe('README.md layout', () => {
  const readme = read('README.md');
  const layout = section(readme, '## Layout');

  it('names every top-level folder of the repository', () => {
    const top = dirs('.').filter(
      (d) => !d.startsWith('.') && !['node_modules', 'build', 'test-results', 'data', 'backups'].includes(d),
    );
    expect(top.filter((d) => !new RegExp(`^${d}/`, 'm').test(layout))).toEqual([]);
  });

  it('names every folder of server/ and app/', () => {
    const missing = [...dirs('server').map((d) => `server/${d}`), ...dirs('app').map((d) => `app/${d}`)].filter(
      (d) => !layout.includes(`${path.basename(d)}/`),
    );
    expect(missing).toEqual([]);
  });

  it('lists every file of scripts/', () => {
    const files = fs.readdirSync(path.join(root, 'scripts')).filter((f) => !f.startsWith('.'));
    expect(files.filter((f) => !layout.includes(f))).toEqual([]);
  });

  const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);

  it('names every npm script (npm runs the pre* hooks itself)', () => {
    const named = (name: string) => readme.includes(`npm run ${name}`) || readme.includes(`npm ${name}`);
    expect(scripts.filter((s) => !s.startsWith('pre') && !named(s))).toEqual([]);
  });

  it('names no npm script that package.json does not have, nor does the deployment guide', () => {
    const named = [readme, read('docs/deployment.md')].flatMap((text) =>
      [...text.matchAll(/npm run ([a-z][\w:-]*\w)/g)].map((m) => m[1]!),
    );
    expect([...new Set(named)].filter((n) => !scripts.includes(n))).toEqual([]);
  });
});

describe('decision records', () => {
  const records = fs.readdirSync(path.join(root, 'docs/decisions')).filter((f) => f.endsWith('.md'));

  it('each has a Status line and its own number', () => {
    const withoutStatus = records.filter(
      (f) => !/^Status: (proposed|accepted|deprecated|superseded by \d{4})/m.test(read(`docs/decisions/${f}`)),
    );
    expect(withoutStatus).toEqual([]);
    const numbers = records.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});

describe('docs/conventions.md', () => {
  it('derives the next migration number instead of stating it', () => {
    expect(read('docs/conventions.md')).not.toMatch(/next free number is \d+/);
  });
});
