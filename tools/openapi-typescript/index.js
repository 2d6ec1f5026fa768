// openapi-typescript, resolved from this folder so that its `typescript` is this folder's TypeScript 5.
export { default, astToString } from 'openapi-typescript';
