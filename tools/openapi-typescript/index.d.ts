export { default, astToString, type OpenAPI3, type OpenAPITSOptions } from 'openapi-typescript';
