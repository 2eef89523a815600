// Reads the exported functions of server/modules/ (with swc, as dependency-cruiser does) and sorts them by
// the shape of their parameters, so operationShapes.test.ts can hold every module to the shapes of
// docs/conventions.md#operations. Only functions that take services or a database are operations or
// transaction steps; pure helpers (prices, parsers, texts) are free in their shape.
import fs from 'node:fs';
import path from 'node:path';
import { parseSync } from '@swc/core';

export type Shape =
  | 'operation' // (services, actor, input) or (services, actor): done on behalf of a person
  | 'system' // (services, input) or (services): jobs, provider callbacks, periodic work
  | 'step' // (trx, input) or (trx), named …InTx: runs inside the caller's transaction
  | 'other'; // takes services or a database in any other way: not allowed

export interface ExportedFunction {
  file: string;
  name: string;
  params: string[];
  shape: Shape;
}

type Node = { type: string; span?: { start: number; end: number }; [key: string]: unknown };

const DATABASE_TYPES = /\b(Kysely|Transaction|Database)\b/;

function paramName(p: Node): string {
  const pat = (p.type === 'Parameter' ? p.pat : p) as Node;
  if (pat.type === 'Identifier') return String(pat.value);
  if (pat.type === 'AssignmentPattern') return paramName(pat.left as Node);
  if (pat.type === 'RestElement') return `...${paramName(pat.argument as Node)}`;
  return '{…}';
}

function paramType(p: Node, source: string, offset: number): string {
  const pat = (p.type === 'Parameter' ? p.pat : p) as Node;
  const ann = (pat.typeAnnotation as Node | undefined)?.typeAnnotation as Node | undefined;
  if (!ann?.span) return '';
  return source.slice(ann.span.start - offset, ann.span.end - offset);
}

function classify(
  name: string,
  params: Node[],
  source: string,
  offset: number,
): { params: string[]; shape: Shape } | null {
  const names = params.map(paramName);
  const types = params.map((p) => paramType(p, source, offset));
  const takesServices = names.includes('services') || types.some((t) => /\bServices\b/.test(t));
  const takesDatabase =
    names.some((n) => n === 'db' || n === 'trx' || n === 'tx' || n === 'database') ||
    types.some((t) => DATABASE_TYPES.test(t));
  if (!takesServices && !takesDatabase) return null;
  // The input may be destructured where it is declared (`{ courseId, title }: UpdateTitleInput`).
  const is = (...expected: string[]) =>
    expected.length === names.length &&
    expected.every((n, i) => names[i] === n || (n === 'input' && i === names.length - 1 && names[i] === '{…}'));
  let shape: Shape = 'other';
  if (is('services', 'actor', 'input') || is('services', 'actor')) shape = 'operation';
  else if (is('services', 'input') || is('services')) shape = 'system';
  else if ((is('trx', 'input') || is('trx')) && name.endsWith('InTx')) shape = 'step';
  return { params: names, shape };
}

/** Every exported function (declaration or const arrow/function) of one module file. */
export function exportedFunctions(file: string, root: string): ExportedFunction[] {
  // swc's spans count on from every earlier parse in the process: a leading `0;` marks where this source starts.
  const source = `0;\n${fs.readFileSync(file, 'utf8')}`;
  const mod = parseSync(source, { syntax: 'typescript', tsx: file.endsWith('.tsx') }) as unknown as Node & {
    body: Node[];
  };
  const offset = mod.body[0]?.span?.start ?? 0;
  const found: ExportedFunction[] = [];
  const add = (name: string, params: Node[]) => {
    const c = classify(name, params, source, offset);
    if (c) found.push({ file: path.relative(root, file), name, ...c });
  };
  for (const item of mod.body) {
    if (item.type !== 'ExportDeclaration') continue;
    const decl = item.declaration as Node;
    if (decl.type === 'FunctionDeclaration') add(String((decl.identifier as Node).value), decl.params as Node[]);
    if (decl.type === 'VariableDeclaration') {
      for (const d of decl.declarations as Node[]) {
        const init = d.init as Node | undefined;
        if (init && (init.type === 'ArrowFunctionExpression' || init.type === 'FunctionExpression'))
          add(String((d.id as Node).value), init.params as Node[]);
      }
    }
  }
  return found;
}

/** Every module file's exported functions that take services or a database. */
export function moduleExports(root: string): ExportedFunction[] {
  const dir = path.join(root, 'server/modules');
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.(test|spec)\.tsx?$/.test(f))
    .map((f) => path.join(dir, f))
    .sort();
  return files.flatMap((f) => exportedFunctions(f, root));
}
