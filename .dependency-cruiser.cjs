/**
 * The import graph's rules (a house a newcomer reads in an hour; ADR 001 for the
 * layers, which ESLint enforces file by file). `npm run lint` (a gate of `npm test`) runs it over
 * src, server and backend/src; `tests/unit/import-graph.test.ts` proves each rule on small trees.
 *
 * Features are the folders of `src/ui` (catalog, product, cart, checkout, customise, …). `shared`
 * (the design system and shared link-page pieces) and `app` (the hooks that reach the shop's
 * actors) are the foundations every feature may use; they import no feature. A feature uses
 * another only through that feature's `index.ts`; a routed page or a panel may be loaded lazily by
 * its file.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'No module imports itself back, directly or through others (type-only imports included).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-internals',
      severity: 'error',
      comment: 'A feature imports another feature only through its index.ts (src/ui/<feature>/index.ts).',
      from: { path: '^src/ui/([^/]+)/' },
      to: {
        path: '^src/ui/[^/]+/',
        pathNot: ['^src/ui/$1/', '^src/ui/(shared|app)/', '^src/ui/[^/]+/index\\.ts$'],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'lazy-pages-only',
      severity: 'error',
      comment: "Another feature's file is loaded lazily only when it is a routed page or a panel.",
      from: { path: '^src/ui/([^/]+)/' },
      to: {
        path: '^src/ui/[^/]+/',
        pathNot: ['^src/ui/$1/', '^src/ui/[^/]+/[^/]+-(page|panel)\\.tsx$'],
        dependencyTypes: ['dynamic-import'],
      },
    },
    {
      name: 'foundations-import-no-feature',
      severity: 'error',
      comment: 'src/ui/shared and src/ui/app are what features build on: they import no feature.',
      from: { path: '^src/ui/(shared|app)/' },
      to: { path: '^src/ui/', pathNot: '^src/ui/(shared|app)/' },
    },
    {
      name: 'views-reach-no-effects',
      severity: 'error',
      comment:
        'A view imports no service actor and no browser storage, not even lazily (ADR 009): the composition root gives machines their effects. Tests aside.',
      from: { path: '^src/ui/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/services/(.+\\.actors\\.ts|storage/)' },
    },
    {
      name: 'rules-stand-alone',
      severity: 'error',
      comment: 'rules/ holds the eyewear rules both sides import (ADR 035): it imports only its own files.',
      from: { path: '^rules/' },
      to: { pathNot: '^rules/' },
    },
    {
      name: 'one-home-for-eyewear-rules',
      severity: 'error',
      comment: 'The eyewear rules live once, in rules/ (ADR 035): no prescription-rules file of its own on either side.',
      from: {},
      to: { path: '(^|/)(src|backend)/.*prescription-rules\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|storybook-static)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
