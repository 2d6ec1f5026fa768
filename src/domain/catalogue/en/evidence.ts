/** The English words of the `evidence` section: why a conclusion's confidence is not high, and the marks of a claim. */
import type { Catalogue } from '../index.ts';

export const EVIDENCE = {
  caveats: {
    strength: 'the strength methods disagree',
    pattern: 'the schools name different structures',
    usefulElement: 'support and restrain, climate adjustment and the structure name different useful elements',
    pillars: 'a pillar is in doubt near the birth time: see the conclusion "pillars"',
  },
  labelled: (name: string, value: string): string => `${name}: ${value}`,
  gloss: (word: string, detail: string): string => `${word} (${detail})`,
  listSeparator: ', ',
  claimSeparator: '; ',
} satisfies Catalogue['evidence'];
