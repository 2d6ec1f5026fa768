/** The English words of the classical analysis: the methods, the five seasonal states, the strength scales. */
import type { Catalogue } from '../index.ts';

export const CLASSICAL = {
  methods: {
    deling: 'In season, rooted, supported (De Ling, De Di, De Shi)',
    taizan_points: 'Element points (Taizan school)',
    cn_percent: 'Element strength, same-party share',
  },
  phases: ['Prosperous', 'Strengthening', 'Resting', 'Trapped', 'Dead'],
  grades: ['Strong', 'Fairly strong', 'Balanced, leaning strong', 'Balanced', 'Balanced, leaning weak', 'Fairly weak', 'Weak'],
  levels: ['Very strong', 'Fairly strong', 'Balanced', 'Fairly weak', 'Very weak'],
} satisfies Catalogue['classical'];
