/**
 * A subject's calendar feed: the moments and spans of the chart's luck in a window — 交運 (a 大運
 * starts), 歳運 (立春), 月運 (節入り) and 天中殺 (the 歳運 and 月運 whose branch is one of the natal day
 * pillar's 空亡) — from the luck sections' own periods, so each instant is the one the chart prints.
 */
import type { CycleIndex } from '../calendar/sexagenary.ts';
import type { ChartCore } from '../chart/chart-core.ts';
import { genderFreeLuckOf, LUCK_YEARS, luckOf, MAX_CYCLE_COUNT } from '../luck/luck.ts';
import type { SolarTermCode } from '../vocabulary/codes.ts';
import { parseCondition } from './query.ts';
import { MAX_MATCHES, searchableDays, searchTimeline, TIMELINE_LEVELS, type TimelineLevel } from './timeline.ts';

export const FEED_EVENT_KINDS = ['major', 'annual', 'monthly', 'void'] as const;
export type FeedEventKind = (typeof FEED_EVENT_KINDS)[number];

/** Events at one instant are listed in this order. */
const ORDER: readonly string[] = [...FEED_EVENT_KINDS, 'query'];

export interface FeedEvent {
  /** A kind the feed picked, or `query`: a match of one of its saved searches. */
  readonly kind: FeedEventKind | 'query';
  /** `query`: the saved search's name. */
  readonly name?: string;
  /** The level of a 天中殺 span (a year's or a month's); the level of the change otherwise. */
  readonly level: 'major' | 'annual' | 'monthly' | 'daily';
  readonly pillar: CycleIndex;
  /** UT Unix seconds: the moment (a change) or the span's start (天中殺). */
  readonly fromUnixSec: number;
  /** The span's end (天中殺, exclusive); null for a moment. */
  readonly toUnixSec: number | null;
  /** 大運: its index; 歳運: its pillar year; 月運: the 節 that opens it. */
  readonly index?: number;
  readonly year?: number;
  readonly term?: SolarTermCode;
}

/** The events of `kinds` inside [fromUnixSec, toUnixSec), in time order. 交運 need the birth's gender and time. */
export function feedEventsOf(core: ChartCore, kinds: readonly string[], fromUnixSec: number, toUnixSec: number): FeedEvent[] {
  const events: FeedEvent[] = [];
  const inWindow = (t: number) => t >= fromUnixSec && t < toUnixSec;
  const request = core.request.luck;
  const luck = request === undefined ? genderFreeLuckOf(core) : luckOf(core, request);
  if (kinds.includes('major') && request !== undefined && core.request.timeUnknown !== true) {
    for (const c of luckOf(core, request).cycles(MAX_CYCLE_COUNT))
      if (inWindow(c.fromUnixSec))
        events.push({ kind: 'major', level: 'major', pillar: c.pillar, fromUnixSec: c.fromUnixSec, toUnixSec: null, index: c.index });
  }
  const firstYear = Math.max(LUCK_YEARS.first, new Date(fromUnixSec * 1000).getUTCFullYear() - 1);
  const lastYear = Math.min(LUCK_YEARS.last, new Date(toUnixSec * 1000).getUTCFullYear());
  const overlaps = (p: { fromUnixSec: number; toUnixSec: number }) => p.toUnixSec > fromUnixSec && p.fromUnixSec < toUnixSec;
  for (const y of luck.years(firstYear, lastYear)) {
    if (kinds.includes('annual') && inWindow(y.fromUnixSec))
      events.push({ kind: 'annual', level: 'annual', pillar: y.pillar, fromUnixSec: y.fromUnixSec, toUnixSec: null, year: y.year });
    if (kinds.includes('void') && y.isVoid && overlaps(y))
      events.push({ kind: 'void', level: 'annual', pillar: y.pillar, fromUnixSec: y.fromUnixSec, toUnixSec: y.toUnixSec, year: y.year });
    if (!kinds.includes('monthly') && !kinds.includes('void')) continue;
    for (const m of luck.months(y.year)) {
      if (kinds.includes('monthly') && inWindow(m.fromUnixSec))
        events.push({
          kind: 'monthly',
          level: 'monthly',
          pillar: m.pillar,
          fromUnixSec: m.fromUnixSec,
          toUnixSec: null,
          year: y.year,
          term: m.term,
        });
      if (kinds.includes('void') && m.isVoid && overlaps(m))
        events.push({
          kind: 'void',
          level: 'monthly',
          pillar: m.pillar,
          fromUnixSec: m.fromUnixSec,
          toUnixSec: m.toUnixSec,
          year: y.year,
          term: m.term,
        });
    }
  }
  return events.sort((a, b) => a.fromUnixSec - b.fromUnixSec || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}

/**
 * The matches of a feed's saved searches inside the window, each a span (the matching period) named by
 * its search. A search the feed stored is re-read each time; one that no longer parses is skipped.
 */
export function queryEventsOf(
  core: ChartCore,
  queries: readonly { readonly name: string; readonly level: string; readonly where: unknown }[],
  fromUnixSec: number,
  toUnixSec: number,
): FeedEvent[] {
  const events: FeedEvent[] = [];
  // The window's civil days in UTC, a day wider each side: the periods are then cut to the window's instants.
  const fromDay = Math.max(searchableDays().first, Math.floor(fromUnixSec / 86_400) - 1);
  const toDay = Math.min(searchableDays().last, Math.floor(toUnixSec / 86_400) + 1);
  for (const query of queries) {
    if (!(TIMELINE_LEVELS as readonly string[]).includes(query.level)) continue;
    const issues: { field: string; message: string }[] = [];
    const where = parseCondition(query.where, 'where', issues);
    if (where === undefined) continue;
    const level = query.level as TimelineLevel;
    if (level === 'major' && (core.request.luck === undefined || core.request.timeUnknown === true)) continue;
    const found = searchTimeline(core, { level, fromDay, toDay, afterUnixSec: null, where, limit: MAX_MATCHES });
    for (const { period } of found.matches) {
      if (period.toUnixSec <= fromUnixSec || period.fromUnixSec >= toUnixSec) continue;
      events.push({
        kind: 'query',
        name: query.name,
        level,
        pillar: period.pillar,
        fromUnixSec: period.fromUnixSec,
        toUnixSec: period.toUnixSec,
      });
    }
  }
  return events;
}
