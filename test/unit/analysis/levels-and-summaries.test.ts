/**
 * The interpretive summaries say only what the chart shows: every level occurs and none dominates,
 * "多く" needs three of a kind, and ties are broken by the documented rule that agrees with
 * strongest_category (docs/scores.md).
 */
import { describe, expect, it } from 'vitest';
import { JA_CATALOGUE } from '../../../src/domain/catalogue/index.ts';
import { TEN_GOD_CATEGORIES, TEN_GODS } from '../../../src/domain/calendar/ten-gods.ts';
import { buildVariantBResult } from '../../../src/domain/chart/variants.ts';
import { scoreDistribution } from '../../../scripts/lib/score-distribution.ts';
import { profileOf, strongestCategory } from '../../../src/domain/chart/analysis/profile.ts';
import { chartOf } from '../../support/chart.ts';
import { mulberry32, randomInt } from '../../support/prng.ts';

describe('levels', () => {
  // Another seed than the one the cuts were chosen with (scripts/score-distribution.ts uses 1).
  const distributions = scoreDistribution(5_000, 20_261_122);

  it.each(distributions.map((d) => [d.name, d] as const))('%s: all five levels occur, each on 5–35 % of random charts', (_name, d) => {
    expect(d.levels).toHaveLength(5);
    for (const [level, share] of d.levels) {
      expect(share, level).toBeGreaterThanOrEqual(0.05);
      expect(share, level).toBeLessThanOrEqual(0.35);
    }
  });
});

describe('ten-god summary', () => {
  const charts = (() => {
    const random = mulberry32(61);
    return Array.from({ length: 3_000 }, () => {
      const raw = {
        year: randomInt(random, 1900, 2100),
        month: randomInt(random, 1, 12),
        day: randomInt(random, 1, 28),
        hour: randomInt(random, 0, 23),
        minute: randomInt(random, 0, 59),
        location: 135,
      };
      return { raw, result: buildVariantBResult(chartOf(raw), JA_CATALOGUE) };
    });
  })();

  it('dominant_count is the largest count, and "多く" appears only for three or more', () => {
    for (const { raw, result } of charts) {
      const { dominant_count: count, pattern_description: text, dominant_ten_god: god } = result.ten_gods.summary;
      if (count >= 3) expect(text, JSON.stringify(raw)).toBe(`${god}が多く、${text.slice(`${god}が多く、`.length)}`);
      else expect(text, JSON.stringify(raw)).not.toContain('多く');
      if (count === 1) expect(text).toBe('七つの位置の通変星がすべて異なり、特定の星に偏らない命式です。');
    }
  });

  it('dominant_count is the largest count; a tie never leaves the dominant god outside the strongest category', () => {
    let ties = 0;
    for (const { raw, result } of charts) {
      const profile = profileOf(chartOf(raw));
      const { dominant_ten_god: god, dominant_count: count, balance_assessment } = result.ten_gods.summary;
      const godIndex = (TEN_GODS as readonly string[]).indexOf(god);
      expect(count).toBe(Math.max(...profile.tenGodCounts));
      expect(profile.tenGodCounts[godIndex]).toBe(count);
      const mostInCategory = Math.max(...profile.categoryCounts);
      const dominantCategoryCount = profile.categoryCounts[godIndex >> 1]!;
      if (
        profile.tenGodCounts.filter((c) => c === count).length > 1 ||
        profile.categoryCounts.filter((c) => c === mostInCategory).length > 1
      )
        ties++;
      // Whenever the dominant god's category holds the largest count (always, unless one god is
      // three or more and another category has two pairs), it is the strongest category.
      if (dominantCategoryCount === mostInCategory)
        expect(balance_assessment.strongest_category, JSON.stringify(raw)).toBe(TEN_GOD_CATEGORIES[godIndex >> 1]);
      if (count <= 2) expect(dominantCategoryCount, JSON.stringify(raw)).toBe(mostInCategory);
      expect(balance_assessment.strongest_category).toBe(TEN_GOD_CATEGORIES[strongestCategory(profile)]);
      expect(profile.categoryCounts[strongestCategory(profile)]).toBe(mostInCategory);
    }
    expect(ties).toBeGreaterThan(1_000); // ties are the common case, so the rule matters
  });

  it('1961-08-22 07:00 at 135°E, seven different ten gods: no leaning claimed, 月支元命 (正財) dominant, strongest 財星', () => {
    const { summary } = buildVariantBResult(
      chartOf({ year: 1961, month: 8, day: 22, time: '07:00', location: 135 }),
      JA_CATALOGUE,
    ).ten_gods;
    expect(summary.dominant_count).toBe(1);
    expect(summary.dominant_ten_god).toBe('正財');
    expect(summary.pattern_description).toBe('七つの位置の通変星がすべて異なり、特定の星に偏らない命式です。');
    expect(summary.balance_assessment.strongest_category).toBe('財星');
  });

  it('enhanced_summary.description names what the indicators use, and not 納音', () => {
    const { description } = charts[0]!.result.enhanced_summary;
    expect(description).not.toContain('納音');
  });
});
