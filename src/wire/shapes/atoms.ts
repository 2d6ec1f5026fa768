/**
 * The shared atoms: the component schemas a shape's member names with `componentRef` (`Stem`,
 * `Ganzhi`, `Element`, …) instead of repeating its rule. Each is declared once here: its name, its JSON
 * Schema and its description (/openapi.json `components.schemas`, in this order).
 */
import type { JsonSchema } from '../../domain/chart/request-contract.ts';
import { inEveryLanguage } from './vocabulary.ts';

const STEMS = '甲乙丙丁戊己庚辛壬癸';
const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';
/** The elements as keys, 木 火 土 金 水 in every language. */
export const ELEMENT_KEYS = ['木', '火', '土', '金', '水'] as const;
/** A pillar, stem then branch. */
export const GANZHI_PATTERN = `^[${STEMS}][${BRANCHES}]$`;
const LANGUAGE_NOTE = 'In the answer’s language (lang)';

/** An atom: its JSON Schema, then its description (none where the rule says it all). */
const atom = (schema: JsonSchema, description?: string): JsonSchema => (description === undefined ? schema : { ...schema, description });

/** Every atom's schema by name (computed on first use: `Element` and `TenGod` list every catalogue's words). */
const ATOMS = {
  Element: () => atom({ type: 'string', enum: inEveryLanguage((c) => c.labels.element) }, LANGUAGE_NOTE),
  ElementKey: () => atom({ type: 'string', enum: [...ELEMENT_KEYS] }, 'An element as a key: 木 火 土 金 水 in every language'),
  Stem: () => atom({ type: 'string', pattern: `^[${STEMS}]$` }),
  Ganzhi: () => atom({ type: 'string', pattern: GANZHI_PATTERN }, 'Stem character followed by branch character'),
  TenGod: () => atom({ type: 'string', enum: inEveryLanguage((c) => c.labels.shishen) }, LANGUAGE_NOTE),
  Score: () => atom({ type: 'integer', minimum: 0, maximum: 100 }),
  DateTimeMinute: () => atom({ type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}$' }, '`YYYY-MM-DD HH:MM`'),
  DateTimeSecond: () =>
    atom({ type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$' }, '`YYYY-MM-DD HH:MM:SS`'),
  DateTimeMinuteSlashed: () => atom({ type: 'string', pattern: '^[0-9]{4}/[0-9]{2}/[0-9]{2} [0-9]{2}:[0-9]{2}$' }, '`YYYY/MM/DD HH:MM`'),
  TermBiko: () =>
    atom({ type: 'string', pattern: '^[^()]+\\([0-9]+°\\)$' }, 'Solar-term name and its ecliptic longitude, e.g. `立夏(45°)`'),
} as const satisfies Record<string, () => JsonSchema>;

export type AtomName = keyof typeof ATOMS;

/** Whether a component name is an atom's. */
export const isAtom = (name: string): name is AtomName => Object.hasOwn(ATOMS, name);

/** Every atom's component schema, by name, in their order. */
export const atomSchemas = (): Record<AtomName, JsonSchema> =>
  Object.fromEntries(Object.entries(ATOMS).map(([name, schema]) => [name, schema()])) as Record<AtomName, JsonSchema>;

/** The `$ref` to an atom, for a member written as JSON Schema (`asWritten`). */
export const atomRef = (name: AtomName): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
