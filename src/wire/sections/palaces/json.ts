/**
 * The `palaces` section as REST, the CLI and MCP print it (snake_case): 胎元 胎息 命宮 身宮 by key, each
 * with its pillar's codes and words in the catalogue's language, the school it was read by and the
 * other schools' pillars beside it. Appended to `result` only with `include=palaces`.
 */
import { nayinIndexOf } from '../../../domain/calendar/nayin.ts';
import { branchOf, ganzhiName, stemOf } from '../../../domain/calendar/sexagenary.ts';
import { tenGodIndex } from '../../../domain/calendar/ten-gods.ts';
import type { Catalogue } from '../../../domain/catalogue/index.ts';
import { BRANCH_CODES, NAYIN_CODES, STEM_CODES, TEN_GOD_CODES } from '../../../domain/vocabulary/codes.ts';
import { labelOf, readingOf } from '../../../domain/vocabulary/labels.ts';
import type { ChartCore } from '../../../domain/chart/chart-core.ts';
import { palaceReadingsOf, type Palace } from '../../../domain/chart/palaces.ts';

/** `palace.ming_gong` → `ming_gong`: the section's key of a palace. */
export const palaceKey = (code: Palace['code']): string => code.slice('palace.'.length);

/** A palace's pillar as JSON: codes and words; every field null when the palace is absent. */
function pillarJson(palace: Palace, dayStem: number, c: Catalogue) {
  const { pillar } = palace;
  if (pillar === null)
    return {
      school: palace.school,
      ganzhi: null,
      stem: null,
      branch: null,
      ten_god: null,
      ten_god_label: null,
      nayin: null,
      nayin_label: null,
    };
  const tenGod = tenGodIndex(dayStem, stemOf(pillar));
  return {
    school: palace.school,
    ganzhi: ganzhiName(pillar),
    stem: STEM_CODES[stemOf(pillar)]!,
    branch: BRANCH_CODES[branchOf(pillar)]!,
    ten_god: TEN_GOD_CODES[tenGod]!,
    ten_god_label: c.labels.shishen[tenGod]!,
    nayin: NAYIN_CODES[nayinIndexOf(pillar)]!,
    nayin_label: c.labels.nayin[nayinIndexOf(pillar)]!,
  };
}

export function palacesJson(core: ChartCore, c: Catalogue) {
  const dayStem = stemOf(core.pillars.day);
  return Object.fromEntries(
    palaceReadingsOf(core).map((palace) => [
      palaceKey(palace.code),
      {
        code: palace.code,
        name: labelOf(c.labels, palace.code),
        reading: readingOf(c, palace.code),
        ...pillarJson(palace, dayStem, c),
        absent: palace.absent,
        variants: palace.variants.map((variant) => pillarJson(variant, dayStem, c)),
      },
    ]),
  );
}
