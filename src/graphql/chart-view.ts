/**
 * A chart as GraphQL resolves it: the core is computed once per call, and each `result` field is
 * derived on first access only, so an unselected section (e.g. shensha) is never computed.
 */
import { VARIANT_A_SECTIONS, type VariantAAnalysis } from '../domain/chart/analysis/variant-a.js';
import { VARIANT_B_SECTIONS, type VariantBAnalysis } from '../domain/chart/analysis/variant-b.js';
import { calendarFieldsA, calendarFieldsB, type CalendarFieldsA, type CalendarFieldsB } from '../domain/chart/calendar-fields.js';
import type { ChartCore } from '../domain/chart/chart-core.js';

export class ChartView {
  private cachedCalendarA: CalendarFieldsA | undefined;
  private cachedCalendarB: CalendarFieldsB | undefined;
  private readonly cachedSections = new Map<string, unknown>();

  constructor(readonly core: ChartCore) {}

  get calendarA(): CalendarFieldsA {
    return (this.cachedCalendarA ??= calendarFieldsA(this.core));
  }

  get calendarB(): CalendarFieldsB {
    return (this.cachedCalendarB ??= calendarFieldsB(this.core));
  }

  sectionA<K extends keyof VariantAAnalysis>(name: K): VariantAAnalysis[K] {
    return this.memo(`A.${name}`, () => VARIANT_A_SECTIONS[name](this.core));
  }

  sectionB<K extends keyof VariantBAnalysis>(name: K): VariantBAnalysis[K] {
    return this.memo(`B.${name}`, () => VARIANT_B_SECTIONS[name](this.core));
  }

  private memo<T>(key: string, compute: () => T): T {
    if (!this.cachedSections.has(key)) this.cachedSections.set(key, compute());
    return this.cachedSections.get(key) as T;
  }
}
