/**
 * Dependency rules for src/ (run: npm run lint:deps).
 *
 * TypeScript 7 has no JS API, so dependency-cruiser cannot use `typescript` (it accepts >=2 <7):
 * .ts files are parsed with @swc/core (`parser: 'swc'`). With swc every import counts,
 * `import type` included (there is no 'type-only' dependency type), which is what the layer rules want.
 * `./foo.js` specifiers resolve to `./foo.ts` by dependency-cruiser's built-in .js -> .ts retry
 * (enhancedResolveOptions has no extensionAlias in its schema); not-to-unresolvable guards it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles (type-only imports count too: swc cannot tell them apart).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-only-domain',
      severity: 'error',
      comment: 'src/domain is pure: it imports only src/domain (plus zod for request schemas); no node: built-ins, no other package.',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', '^node_modules/zod/'] },
    },
    {
      name: 'application-only-domain-and-application',
      severity: 'error',
      comment: 'src/application imports only src/domain and src/application (node: built-ins such as node:crypto allowed).',
      from: { path: '^src/application/' },
      to: { pathNot: ['^src/(domain|application)/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'adapters-not-to-outer-layers',
      severity: 'error',
      comment: 'src/adapters may import src/domain, src/application, src/adapters (and packages), nothing else in src.',
      from: { path: '^src/adapters/' },
      to: { path: '^src/', pathNot: '^src/(domain|application|adapters)/' },
    },
    {
      name: 'graphql-not-to-http-adapters-composition',
      severity: 'error',
      comment: 'A protocol: domain and application only (http hosts graphql, never the other way).',
      from: { path: '^src/graphql/' },
      to: { path: ['^src/http/', '^src/adapters/', '^src/cli/', '^src/main\\.ts$', '^src/composition\\.ts$', '^src/config\\.ts$'] },
    },
    {
      name: 'mcp-not-to-adapters-composition',
      severity: 'error',
      comment: 'A protocol (hosted by http): domain, application and the wire format it shares with http (src/wire); never http itself.',
      from: { path: '^src/mcp/' },
      to: {
        path: [
          '^src/http/',
          '^src/adapters/',
          '^src/cli/',
          '^src/graphql/',
          '^src/main\\.ts$',
          '^src/composition\\.ts$',
          '^src/config\\.ts$',
        ],
      },
    },
    {
      name: 'http-not-to-adapters-composition',
      severity: 'error',
      comment: 'A protocol: domain, application and the graphql protocol it hosts.',
      from: { path: '^src/http/' },
      to: { path: ['^src/adapters/', '^src/cli/', '^src/main\\.ts$', '^src/composition\\.ts$', '^src/config\\.ts$'] },
    },
    {
      name: 'wire-only-domain-and-application',
      severity: 'error',
      comment: 'src/wire is the wire format the protocols share (http, mcp, cli): it imports only src/domain, src/application and itself.',
      from: { path: '^src/wire/' },
      to: { path: '^src/', pathNot: '^src/(domain|application|wire)/' },
    },
    {
      name: 'src-not-to-test-or-bench',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve to a file (typo, or a .js specifier with no .ts beside it).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment: 'src/ runs in production: it may not import a devDependency.',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-dev'] },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment: 'Every package imported is declared in package.json.',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      mainFields: ['module', 'main'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};
