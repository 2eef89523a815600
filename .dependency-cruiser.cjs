// Dependency rules for Darasa (docs/decisions/0013-lint-format-and-dependency-rules.md).
// Run with `npm run check:deps` (part of `npm test`, so CI runs it). Paths below are regular expressions on
// the resolved file path relative to the repository root; the `#server/*`-style aliases of package.json
// "imports" are resolved first, so a rule cannot be dodged by spelling an import differently.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-http-below-the-edge',
      comment:
        'server/http is the outermost layer: modules, jobs, seed, core and db never import it (not even its ' +
        'types). Move what they need (errors, Services, helpers) into server/core or the module itself.',
      severity: 'error',
      from: { path: '^server/(modules|jobs|seed|core|db)/' },
      to: { path: '^server/http/' },
    },
    {
      name: 'core-imports-no-features',
      comment:
        'server/core is the innermost server layer: it imports nothing from modules, http, jobs or seed ' +
        '(types included).',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^server/(modules|http|jobs|seed)/' },
    },
    {
      name: 'core-imports-only-infra-types',
      comment:
        'Outside server/core itself, server/core may import only types (import type) from the rest of server/ ' +
        '(config, db, logger, daraja, auth): core code never runs infrastructure code.',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^server/', pathNot: '^server/core/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'common-is-standalone',
      comment:
        'common/ is shared by the browser and the server: it imports nothing from server/, app/, tests/, ' +
        'bench/ or scripts/, and no Node builtins (node:*).',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(server|app|tests|bench|scripts)/' },
    },
    {
      name: 'common-no-node-builtins',
      comment: 'common/ runs in the browser too: no Node builtins (node:fs, node:crypto, ...).',
      severity: 'error',
      from: { path: '^common/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'app-reaches-server-only-through-server-files',
      comment:
        'app/ imports server/ only from files named *.server.ts(x) (the façades React Router keeps out of the ' +
        'browser bundle). Other app files import shared types and helpers from common/, or data through ' +
        'loaders. Type-only imports count too.',
      severity: 'error',
      from: { path: '^app/', pathNot: '[.]server[.]tsx?$' },
      to: { path: '^server/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles. A cycle whose every step is an `import type` is allowed (erased at run time, so it ' +
        'cannot cause an initialisation-order bug).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable',
      comment:
        'Every relative or #alias import resolves to a file (so the rules above see every edge). React Router ' +
        "typegen's ./+types/* and virtual:* modules are the only exceptions.",
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: ['^virtual:', '(^|/)[+]types/'] },
    },
  ],
  options: {
    // TypeScript 7 (tsgo) has no JavaScript compiler API, so dependency-cruiser parses with swc (@swc/core,
    // a dev dependency); swc marks `import type` edges as type-only.
    parser: 'swc',
    exclude: { path: '(^|/)(node_modules|build|[.]react-router|test-results|playwright-report)/' },
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
