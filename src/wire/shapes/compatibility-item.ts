/** One scored finding of a compatibility (REST `items`, GraphQL `CompatibilityItem`). */
import { z } from 'zod';
import type { CompatibilityItem } from '../../domain/compatibility/compatibility.ts';
import { shape } from './shape.ts';

export const COMPATIBILITY_ITEM_SHAPE = shape(
  'CompatibilityItem',
  'One scored finding: what was compared, its points and an explanation in the answer’s language',
  {
    code: z.string().meta({
      description:
        'Stable code: day_stems_<class> (kango, seizai_seikan, shokujin_hen_in, shokan_inju, same, kyozai, henzai_henkan); ' +
        'day_branches_<relation> and year_branches_<relation> (shigo, hankai, sango, same, same_jikei, chu, kei, gai, ha); ' +
        'tenchi_tokugo; tenkoku_chichu; five_elements; kuubou_a, kuubou_b (the partner’s day branch in one’s 空亡); kuubou_same (flag, 0 points)',
    }),
    points: z.number().meta({ description: 'Points added to the base 50 (year-branch items weigh half, so may end in .5)' }),
    explanation: z.string().meta({ description: 'What was found, in the answer’s language (`lang`), naming the charts A and B' }),
  },
);

/** The shape's type is the domain's: a member added to one and not the other fails the type check. */
type Declared = z.infer<typeof COMPATIBILITY_ITEM_SHAPE.object>;
const sameMembers: [Declared, CompatibilityItem] extends [CompatibilityItem, Declared] ? true : false = true;
void sameMembers;
