// Dependency rules for Darasa (docs/decisions/0013-lint-format-and-dependency-rules.md).
// Run with `npm run check:deps` (part of `npm test`, so CI runs it). Paths below are regular expressions on
// the resolved file path relative to the repository root; the `#server/*`-style aliases of package.json
// "imports" are resolved first, so a rule cannot be dodged by spelling an import differently.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // Test files (*.test.ts) beside the code may reach across layers to arrange a case; the layer rules
    // below that would otherwise catch them say so with a pathNot.
    {
      name: 'no-http-below-the-edge',
      comment:
        'server/http and server/edge are the outermost server layer: modules and seed never import them (not ' +
        'even their types). Move what they need (errors, Services, helpers) into server/core or the module itself.',
      severity: 'error',
      from: { path: '^server/(modules|seed)/' },
      to: { path: '^server/(http|edge)/' },
    },
    {
      name: 'core-imports-no-features',
      comment:
        'server/core is the innermost server layer: it imports nothing from modules, http, edge, jobs, seed or ' +
        'the composition root (types included).',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^server/(modules|http|edge|jobs|seed|composition)/' },
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
      name: 'infrastructure-imports-no-features',
      comment:
        'Infrastructure (auth, db, storage, jobs, daraja, sms, config, logging, uploadLocks) sits below the ' +
        'modules: it never imports a module, server/http, server/edge, the composition root or the seed; what ' +
        'it needs of a module is passed in (a job handler, a callback). server/lib has a stricter rule of its ' +
        'own.',
      severity: 'error',
      from: {
        path: '^server/(auth|db|storage|jobs|daraja|sms|config|logging|uploadLocks)/',
        pathNot: '[.]test[.]tsx?$',
      },
      to: { path: '^server/(modules|http|edge|composition|seed)/' },
    },
    {
      name: 'lib-is-standalone',
      comment:
        'server/lib holds small helpers (ids, constant-time compare, free port) every server layer may use: it ' +
        'imports nothing of server/ but server/lib itself.',
      severity: 'error',
      from: { path: '^server/lib/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^server/', pathNot: '^server/lib/' },
    },
    {
      name: 'modules-below-the-composition-root',
      comment:
        'Modules are given their services; they never import the seed or server/main.ts (nor the composition ' +
        'root: composition-only-from-main).',
      severity: 'error',
      from: { path: '^server/modules/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^server/(seed/|main[.]ts$)' },
    },
    {
      name: 'shared-module-imports-no-module',
      comment:
        'server/modules/shared holds what every module may use (Nairobi time, audit, list queries): it imports ' +
        'no other module, so no module reaches another through it.',
      severity: 'error',
      from: { path: '^server/modules/shared/' },
      to: { path: '^server/modules/', pathNot: '^server/modules/shared/' },
    },
    {
      name: 'composition-only-from-main',
      comment:
        'Only server/main.ts imports the composition root (server/composition), which imports everything; ' +
        'tests, benchmarks and scripts may start servers through it too.',
      severity: 'error',
      from: {
        path: '^(server|app|common)/',
        pathNot: ['^server/main[.]ts$', '^server/composition/', '[.]test[.]tsx?$'],
      },
      to: { path: '^server/composition/' },
    },
    {
      name: 'edge-imports-no-features',
      comment:
        'server/edge is what server/http and the app façades share (request context, error code → status): it ' +
        'imports neither of them nor modules, so app/ cannot reach server/http through it.',
      severity: 'error',
      from: { path: '^server/edge/' },
      to: { path: '^(server/(http|modules|composition|seed)|app)/' },
    },
    {
      name: 'app-never-imports-http',
      comment:
        'app/ (its *.server.ts façades included) never imports server/http: what pages share with the Hono ' +
        'routes (the request context, the error code → status table) is in server/edge.',
      severity: 'error',
      from: { path: '^app/' },
      to: { path: '^server/http/' },
    },
    {
      name: 'common-is-standalone',
      comment:
        'common/ is shared by the browser, the server and the simulators: it imports nothing from server/, ' +
        'app/, tests/, bench/ or scripts/, and no Node builtins (node:*).',
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
      name: 'simulators-are-standalone',
      comment:
        'simulators/ are programs of their own (the M-Pesa and SMS stand-ins, decision 0035): they import ' +
        'nothing from server/, app/, tests/, bench/ or scripts/ (types included); what they share with the ' +
        'server is in common/.',
      severity: 'error',
      from: { path: '^simulators/' },
      to: { path: '^(server|app|tests|bench|scripts)/' },
    },
    {
      name: 'no-simulators-in-the-app',
      comment:
        'server/, app/ and common/ never import simulators/ (types included), so the production bundle holds ' +
        'no simulator code; `npm start` runs a simulator as a program (server/composition/simulatorProcesses.ts).',
      severity: 'error',
      from: { path: '^(server|app|common)/' },
      to: { path: '^simulators/' },
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
