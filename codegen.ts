/** GraphQL Code Generator: typed documents for the operations under test/, from the committed SDL. */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['test/graphql/operations/*.graphql'],
  generates: {
    'test/graphql/generated/operations.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: { useTypeImports: true, enumsAsTypes: true, avoidOptionals: { field: true, inputValue: false } },
    },
  },
};

export default config;
