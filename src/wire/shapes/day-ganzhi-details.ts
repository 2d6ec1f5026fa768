/** Facts about the day pillar (both variants' `day_ganzhi_details`, GraphQL `DayGanzhiDetails`). */
import { z } from 'zod';
import type { DayGanzhiDetails } from '../../domain/chart/analysis/day-details.ts';
import { componentRef, shape } from './shape.ts';
import { inEveryLanguage } from './vocabulary.ts';

export const DAY_GANZHI_DETAILS_SHAPE = shape(
  'DayGanzhiDetails',
  'Facts about the day pillar (日柱)',
  {
    number: z.int().min(1).max(60).meta({ description: 'Sexagenary number of the day pillar, 1–60 (甲子 = 1)' }),
    element: componentRef('Element').meta({ description: 'Element of the day stem: 木, 火, 土, 金 or 水' }),
    yin_yang: z.enum(inEveryLanguage((c) => c.labels.polarity)).meta({ description: 'Polarity of the day stem: `陽+` or `陰-`' }),
    heavenly_stem: componentRef('Stem').meta({ description: 'The day stem (日干), e.g. 戊' }),
    earthly_branch_group: z.string().meta({ description: '三合 group of the day branch: 水局, 木局, 火局 or 金局' }),
    star: z.string().meta({ description: '日家九星 of the day-pillar date, e.g. 一白水星' }),
    animal: z
      .string()
      .meta({ description: 'Zodiac animal of the day branch, in the answer’s language (ja 鼠 牛 虎 兎 龍 蛇 馬 羊 猿 鶏 犬 猪)' }),
  },
  { component: true },
);

/** The shape's type is the domain's: a member added to one and not the other fails the type check. */
type Declared = z.infer<typeof DAY_GANZHI_DETAILS_SHAPE.object>;
const sameMembers: [keyof Declared, keyof DayGanzhiDetails] extends [keyof DayGanzhiDetails, keyof Declared] ? true : false = true;
void sameMembers;
