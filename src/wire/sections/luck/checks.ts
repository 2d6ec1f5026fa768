/**
 * The luck rules checked before the charge, on the request as parsed: the 大運 (and the 小運) run
 * forward or backward by the gender, so asking for them without one is refused; then the arguments'
 * own rules (domain/luck). REST, the CLI and MCP run them as the luck section's `validate`, GraphQL on
 * the arguments of its `luck` selection.
 */
import type { FieldIssue } from '../../../application/errors.ts';
import type { ChartRequest } from '../../../domain/chart/request.ts';
import { fineLuckArgumentIssues, threePillarLuckIssues } from '../../../domain/luck/fine-luck-arguments.ts';
import { luckArgumentIssues, type LuckArguments } from '../../../domain/luck/luck.ts';

const GENDER_REQUIRED =
  'gender is required when the 大運 are requested: "male" or "female" (GraphQL: MALE or FEMALE); 歳運, 月運, 日運 and 時運 alone (REST luck_years / luck_months / luck_days / luck_hours without luck_cycles, GraphQL luck { years months days hours }) need none';

/** The gender rule: what was asked depends on the gender (`needsGender`, by default) and the request gives none. */
export const genderIssues = (request: ChartRequest | undefined, args: LuckArguments): readonly FieldIssue[] =>
  request !== undefined && request.luck === undefined && args.needsGender !== false ? [{ field: 'gender', message: GENDER_REQUIRED }] : [];

/** The arguments' own rules (counts, years, schools, dates), and what a three-pillar chart cannot answer. */
export const argumentIssues = (request: ChartRequest | undefined, args: LuckArguments): readonly FieldIssue[] => [
  ...luckArgumentIssues(args),
  ...fineLuckArgumentIssues(args),
  ...(request?.timeUnknown === true ? threePillarLuckIssues(args) : []),
];

/** Every luck rule a request breaks, the gender's first. */
export const luckIssues = (request: ChartRequest | undefined, args: LuckArguments): readonly FieldIssue[] => [
  ...genderIssues(request, args),
  ...argumentIssues(request, args),
];
