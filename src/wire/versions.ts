/**
 * `GET /v1/versions` (free): this build's engine and digests, and the released versions with what
 * changed in each (data/versions.json, newest first), or what changed between two of them.
 * A version released before the digests were recorded has `null` digests: whether they differ is
 * then `null` too (unknown), never a guess.
 */
import versionsFile from '../../data/versions.json' with { type: 'json' };
import type { RequestIssue } from '../domain/chart/request.ts';
import { editDistance } from '../domain/chart/request.ts';
import { ENGINE_VERSION, ephemerisDigest, ruleTablesDigest } from './answer-version.ts';

export type ChangeArea = 'ephemeris' | 'rules' | 'api';

export interface VersionEntry {
  readonly version: string;
  readonly date: string | null;
  readonly ephemeris: string | null;
  readonly rules_tables: string | null;
  readonly changes: readonly { readonly area: ChangeArea; readonly text: string }[];
}

export const VERSION_ENTRIES: readonly VersionEntry[] = versionsFile.versions as readonly VersionEntry[];

/** This build: its engine version and its digests (`rules_tables`: the rule tables alone; an answer's `rules` adds its settings). */
export const currentBuild = () => ({ engine: ENGINE_VERSION, ephemeris: ephemerisDigest(), rules_tables: ruleTablesDigest() });

export const VERSIONS_PARAMETERS: ReadonlySet<string> = new Set(['from', 'to']);

const nearestVersion = (given: string): string =>
  VERSION_ENTRIES.map((entry) => entry.version).reduce((best, version) =>
    editDistance(given, version) < editDistance(given, best) ? version : best,
  );

const differs = (a: string | null, b: string | null): boolean | null => (a === null || b === null ? null : a !== b);

export type VersionsAnswer = { ok: true; answer: object } | { ok: false; issues: RequestIssue[] };

/**
 * The whole list, or with `from` and/or `to` (a missing one: the oldest / the newest) the versions
 * after `from` up to `to` with their changes, and whether the ephemeris and rule tables differ.
 */
export function versionsAnswer(from: string | null, to: string | null): VersionsAnswer {
  const current = currentBuild();
  if (from === null && to === null) return { ok: true, answer: { current, versions: VERSION_ENTRIES } };
  const issues: RequestIssue[] = [];
  const indexOf = (name: 'from' | 'to', given: string | null, fallback: number): number => {
    if (given === null) return fallback;
    const index = VERSION_ENTRIES.findIndex((entry) => entry.version === given);
    if (index === -1)
      issues.push({
        field: name,
        message: `${name} must be a listed version (${VERSION_ENTRIES.map((e) => `"${e.version}"`).join(', ')}); did you mean "${nearestVersion(given)}"?`,
      });
    return index;
  };
  // Newest first: a later version has a smaller index.
  const fromIndex = indexOf('from', from, VERSION_ENTRIES.length - 1);
  const toIndex = indexOf('to', to, 0);
  if (issues.length === 0 && toIndex > fromIndex)
    issues.push({
      field: 'to',
      message: `to must be the same version as from or a later one: "${to ?? ''}" is older than "${from ?? ''}"`,
    });
  if (issues.length > 0) return { ok: false, issues };
  const older = VERSION_ENTRIES[fromIndex]!;
  const newer = VERSION_ENTRIES[toIndex]!;
  return {
    ok: true,
    answer: {
      current,
      from: older.version,
      to: newer.version,
      ephemeris_differs: differs(older.ephemeris, newer.ephemeris),
      rules_tables_differ: differs(older.rules_tables, newer.rules_tables),
      versions: VERSION_ENTRIES.slice(toIndex, fromIndex),
    },
  };
}
