/**
 * The two `result` shapes (Variant A, Variant B; docs/fields.md): the calendar fields of the chart
 * core followed by the derived analysis sections, in the legacy bodies' field order. Each shape is one
 * table of section builders; the full result (REST, CLI) and the lazy view (GraphQL, which computes
 * only the selected sections) are both derived from it.
 */
import { buildSections, type SectionBuilders } from './analysis/sections.ts';
import { VARIANT_A_SECTIONS, type VariantAAnalysis } from './analysis/variant-a.ts';
import { VARIANT_B_SECTIONS, type VariantBAnalysis } from './analysis/variant-b.ts';
import { calendarFieldsA, calendarFieldsB, type CalendarFieldsA, type CalendarFieldsB } from './calendar-fields.ts';
import type { ChartCore } from './chart-core.ts';
import type { Catalogue } from '../catalogue/index.ts';

export const VARIANTS = ['A', 'B'] as const;
export type Variant = (typeof VARIANTS)[number];

export interface VariantShape<Calendar, Analysis> {
  readonly calendar: (core: ChartCore, catalogue: Catalogue) => Calendar;
  readonly sections: SectionBuilders<Analysis>;
}

export const VARIANT_A: VariantShape<CalendarFieldsA, VariantAAnalysis> = { calendar: calendarFieldsA, sections: VARIANT_A_SECTIONS };
export const VARIANT_B: VariantShape<CalendarFieldsB, VariantBAnalysis> = { calendar: calendarFieldsB, sections: VARIANT_B_SECTIONS };

export type VariantAResult = CalendarFieldsA & VariantAAnalysis;
export type VariantBResult = CalendarFieldsB & VariantBAnalysis;

// Object.assign onto the fresh calendar object: an object spread of two 8–11-key objects measured
// ~6 µs per chart here (V8 slow path), more than the whole analysis.
const fullResult = <Calendar extends object, Analysis>(
  shape: VariantShape<Calendar, Analysis>,
  core: ChartCore,
  catalogue: Catalogue,
): Calendar & Analysis => Object.assign(shape.calendar(core, catalogue), buildSections(shape.sections, core, catalogue));

/** The whole `result` in the catalogue's words. */
export const buildVariantAResult = (core: ChartCore, catalogue: Catalogue): VariantAResult => fullResult(VARIANT_A, core, catalogue);
export const buildVariantBResult = (core: ChartCore, catalogue: Catalogue): VariantBResult => fullResult(VARIANT_B, core, catalogue);

/**
 * A chart whose calendar fields and sections are each computed on first access and then kept:
 * an unselected section (e.g. shensha) is never computed.
 */
export class LazyResult<V extends Variant, Calendar, Analysis> {
  #calendar: Calendar | undefined;
  readonly #sections: Partial<Analysis> = {};

  readonly variant: V;
  private readonly shape: VariantShape<Calendar, Analysis>;
  readonly core: ChartCore;
  /** The words every field is answered in. */
  readonly catalogue: Catalogue;

  constructor(variant: V, shape: VariantShape<Calendar, Analysis>, core: ChartCore, catalogue: Catalogue) {
    this.variant = variant;
    this.shape = shape;
    this.core = core;
    this.catalogue = catalogue;
  }

  get calendar(): Calendar {
    return (this.#calendar ??= this.shape.calendar(this.core, this.catalogue));
  }

  section<K extends keyof Analysis>(name: K): Analysis[K] {
    const cached = this.#sections[name];
    if (cached !== undefined) return cached;
    const value = this.shape.sections[name](this.core, this.catalogue);
    this.#sections[name] = value;
    return value;
  }
}

export type LazyResultA = LazyResult<'A', CalendarFieldsA, VariantAAnalysis>;
export type LazyResultB = LazyResult<'B', CalendarFieldsB, VariantBAnalysis>;

export const lazyVariantA = (core: ChartCore, catalogue: Catalogue): LazyResultA => new LazyResult('A', VARIANT_A, core, catalogue);
export const lazyVariantB = (core: ChartCore, catalogue: Catalogue): LazyResultB => new LazyResult('B', VARIANT_B, core, catalogue);
