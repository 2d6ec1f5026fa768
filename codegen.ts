/**
 * GraphQL Code Generator (`npm run codegen`), from the committed SDL: typed documents for the
 * operations under test/, and the client preset's output for examples/graphql-client.
 * test/graphql/schema-artifacts.test.ts checks that every output here is current.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  generates: {
    'test/graphql/generated/operations.ts': {
      documents: ['test/graphql/operations/*.graphql'],
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: { field: true, inputValue: false } },
    },
    // The `graphql(…)` documents written in the example's own .ts files.
    'examples/graphql-client/gql/': {
      documents: ['examples/graphql-client/*.ts'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      // `.ts` import specifiers, as Node's type stripping needs; `import type`, as verbatimModuleSyntax needs.
      config: { useTypeImports: true, importExtension: '.ts' },
    },
  },
};

export default config;
