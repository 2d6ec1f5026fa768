/**
 * docs/shapes.md is generated from the shape declarations (`npm run docs:tables`): one table per
 * answer shape, the same members and descriptions as its OpenAPI component.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shapeReference } from '../../src/http/rest/docs-shapes.ts';
import { openApiDocument } from '../../src/http/rest/openapi.ts';
import { declaredShapes } from '../../src/wire/shapes/shape.ts';
import { REPO_ROOT } from '../support/run-cli.ts';

const shapesMd = readFileSync(`${REPO_ROOT}docs/shapes.md`, 'utf8');

describe('docs/shapes.md', () => {
  it('is the generated reference (run `npm run docs:tables` after changing a shape)', () => {
    expect(shapesMd).toBe(shapeReference());
  });

  it('has a table for every declared shape, a row for every member, each described as its OpenAPI component describes it', () => {
    openApiDocument();
    const components = (
      openApiDocument() as unknown as { components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> } }
    ).components.schemas;
    for (const declared of declaredShapes()) {
      expect(shapesMd, declared.name).toContain(`\n## ${declared.name}\n`);
      for (const member of Object.keys(declared.object.shape))
        expect(shapesMd, `${declared.name}.${member}`).toContain(`| \`${member}\` |`);
      const component = components[declared.name];
      if (component?.properties === undefined) continue;
      for (const [member, schema] of Object.entries(component.properties))
        if (schema.description !== undefined)
          expect(shapesMd, `${declared.name}.${member}`).toContain(schema.description.replaceAll('|', '\\|'));
    }
  });
});
