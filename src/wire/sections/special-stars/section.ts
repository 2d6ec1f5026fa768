/**
 * The `special_stars` section: the 神殺 present, each school chosen with a `star_*` option. The options
 * are the domain's table (SPECIAL_STAR_OPTIONS: each school's values, default and words, declared
 * once there), one `star_<snake_case>` option each; the booleans take `true` / `false`. Its JSON is a
 * list of shape.ts's star (/openapi.json `SpecialStars`); a section's `shape` is an object, so the
 * component stays in its place among wire/shapes/components.ts's.
 */
import { SPECIAL_STAR_OPTIONS, specialStarsOf, type SpecialStarOptions } from '../../../domain/stars/special-stars.ts';
import type { ChartSection } from '../declaration.ts';

/** `yangBlade` → `star_yang_blade`: the REST / CLI name of a special-star school option. */
export const starOptionName = (option: keyof SpecialStarOptions): string =>
  `star_${option.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

export const SPECIAL_STARS_SECTION: ChartSection<Partial<SpecialStarOptions>> = {
  name: 'special_stars',
  schema: 'SpecialStars',
  graphql: { field: 'specialStars', typed: true },
  options: SPECIAL_STAR_OPTIONS.map((option) => ({
    name: starOptionName(option.name),
    member: {
      // The books and tables behind each setting are in docs/fields.md, not in a text a client or a model reads.
      description: `With \`include=special_stars\`: ${option.description} Default \`${String(option.default)}\`.`,
      ...(typeof option.default === 'boolean' ? { type: 'boolean' } : { type: 'string', enum: [...option.values] }),
    },
    // The default is the enum's first value (the tool list is read on every session).
    mcp: { description: `[special_stars] ${option.brief}.` },
    doc: {
      type: typeof option.default === 'boolean' ? 'boolean' : 'string',
      rule: `with \`special_stars\`: ${option.values.map((v) => `\`${String(v)}\``).join(' or ')} (default \`${String(option.default)}\`)`,
    },
  })),
  readOptions: (read, issues, included) => {
    const starOptions: Record<string, string | boolean> = {};
    // The school options are read (and checked) only when the stars are asked for.
    for (const option of included ? SPECIAL_STAR_OPTIONS : []) {
      const name = starOptionName(option.name);
      const value = read(name);
      if (value === undefined || value === '') continue;
      const chosen =
        typeof option.default === 'boolean'
          ? value === true || value === 'true'
            ? true
            : value === false || value === 'false'
              ? false
              : undefined
          : value;
      if (chosen === undefined || !option.values.includes(chosen as string | boolean)) {
        issues.push({
          field: name,
          message: `${name} must be one of ${option.values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(', ')}`,
        });
      } else starOptions[option.name] = chosen as string | boolean;
    }
    return starOptions;
  },
  fingerprint: { key: 'stars', of: (options) => options },
  json: (core, options, catalogue) => specialStarsOf(core.pillars, catalogue, options ?? {}, core.request.luck?.gender ?? null),
};
