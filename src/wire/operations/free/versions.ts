/** `versions`: this build's engine and digests, and what changed in each released version (free). */
import { z } from 'zod';
import { versionsAnswer } from '../../versions.ts';
import type { FreeOperationDeclaration } from '../free.ts';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const versionsDeclaration: FreeOperationDeclaration = {
  name: 'versions',
  parameters: z.object({
    from: z.string().optional().meta({ description: 'The older version (default: the oldest listed)' }),
    to: z.string().optional().meta({ description: 'The newer version (default: this build’s)' }),
  }),
  answer: (values) => versionsAnswer(text(values['from']), text(values['to'])),
  rest: {
    path: '/v1/versions',
    operationId: 'getVersions',
    summary: 'This build’s engine and digests, and what changed in each version (free)',
    description:
      'The version a chart answer carries (`X-Engine-Version`, `X-Ephemeris-Digest`, `X-Rules-Digest`) against the released versions (docs/rest.md, “Versioned answers”). An unlisted version is a 400 naming the parameter and the nearest listed one.',
    response: {
      description:
        '`current` (engine, ephemeris, rules_tables) and `versions` newest first; with `from` / `to`: the versions after `from` up to `to` and whether the digests differ (`null`: not recorded)',
      schema: {
        type: 'object',
        required: ['current', 'versions'],
        properties: {
          current: {
            type: 'object',
            required: ['engine', 'ephemeris', 'rules_tables'],
            properties: { engine: { type: 'string' }, ephemeris: { type: 'string' }, rules_tables: { type: 'string' } },
          },
          versions: { type: 'array', items: { type: 'object' } },
        },
      },
    },
    // The build's own digests: the answer changes only with a deployment.
    cacheControl: 'no-cache',
  },
};
