/** The checks of the 小運, 日運 and 時運 arguments (every protocol's), before anything is charged. */
import { civilDateText, listableDays, MAX_DAY_SPAN, MINOR_LUCK_SCHOOLS, parseCivilDate } from './fine-luck.ts';
import type { LuckArguments } from './luck.ts';

const dateRule = () => `a date YYYY-MM-DD from ${civilDateText(listableDays().first)} to ${civilDateText(listableDays().last)}`;
const listable = (days: number | undefined): days is number =>
  days !== undefined && days >= listableDays().first && days <= listableDays().last;

/** Every rule the 小運 / 日運 / 時運 arguments break, naming the argument as the protocol does. */
export function fineLuckArgumentIssues(args: LuckArguments): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  const minor = args.names.minor ?? 'luck_minor';
  const days = args.names.days ?? 'luck_days';
  const hours = args.names.hours ?? 'luck_hours';
  for (const school of args.minorSchools ?? []) {
    if (!(MINOR_LUCK_SCHOOLS as readonly unknown[]).includes(school)) {
      issues.push({ field: minor, message: `${minor} must be one of ${MINOR_LUCK_SCHOOLS.map((s) => `"${s}"`).join(', ')}` });
    }
  }
  const { dayFrom, dayTo } = args.names;
  for (const [fromText, toText] of args.dayRanges ?? []) {
    const [from, to] = [parseCivilDate(fromText), parseCivilDate(toText)];
    if (dayFrom !== undefined && dayTo !== undefined && (!listable(from) || !listable(to))) {
      // Each end named apart; an end left out (the same text as the other) is not named twice.
      if (!listable(from)) issues.push({ field: dayFrom, message: `${dayFrom} must be ${dateRule()}` });
      if (!listable(to) && toText !== fromText) issues.push({ field: dayTo, message: `${dayTo} must be ${dateRule()}` });
    } else if (!listable(from) || !listable(to)) issues.push({ field: days, message: `${days} must be ${dateRule()} or a range of them` });
    else if (to < from || to - from + 1 > MAX_DAY_SPAN) {
      issues.push({
        field: dayTo ?? days,
        message: `${days} must span 1 to ${MAX_DAY_SPAN} days, first ≤ last (got ${String(fromText)}..${String(toText)})`,
      });
    }
  }
  for (const date of args.hourDates ?? []) {
    if (!listable(parseCivilDate(date))) issues.push({ field: hours, message: `${hours} must be ${dateRule()}` });
  }
  return issues;
}

/**
 * What a three-pillar chart (`time_unknown`) cannot answer, naming the argument: 小運 of either
 * school (`hour_pillar` steps the hour pillar, and both date their entries by the 大運 start, which
 * moves with the hour).
 */
export function threePillarLuckIssues(args: LuckArguments): { field: string; message: string }[] {
  const minor = args.names.minor ?? 'luck_minor';
  if ((args.minorSchools ?? []).length === 0) return [];
  return [
    {
      field: minor,
      message: `${minor} needs a birth time: 小運 are counted from the hour pillar and dated by the 大運 start, which a three-pillar chart (time unknown) does not fix`,
    },
  ];
}
