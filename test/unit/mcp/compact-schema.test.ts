/** The MCP tool schemas' compaction: a string pattern that only spells a sibling list's names again goes; any other stays. */
import { describe, expect, it } from 'vitest';
import { compactSchema } from '../../../src/mcp/compact-schema.ts';
import { callTool } from '../../../src/mcp/tools.ts';
import { composeLocalReports } from '../../../src/compose-local.ts';

describe('compactSchema', () => {
  it('drops the pattern of a oneOf string branch that repeats the list’s enum, and keeps other patterns', () => {
    const include = {
      oneOf: [
        { type: 'array', items: { enum: ['luck', 'void_periods'] }, uniqueItems: true },
        { type: 'string', pattern: '^(luck|void_periods)(,(luck|void_periods))*$' },
      ],
    };
    expect(compactSchema(include).oneOf[1]).toEqual({ type: 'string' });
    const other = {
      oneOf: [
        { type: 'array', items: { enum: ['a', 'b'] } },
        { type: 'string', pattern: '^\\d{4}$' },
      ],
    };
    expect(compactSchema(other)).toEqual(other);
  });

  it('an include string naming no section is still refused by the tool, with the names it takes', async () => {
    const answer = await callTool(
      'calculate_chart',
      { year: 1990, month: 5, day: 15, location: 139.69, include: 'void_periods,voids' },
      { kind: 'local', reports: composeLocalReports() },
    );
    expect(answer.isError).toBe(true);
    expect(answer.content[0].text).toContain('include must list some of');
    expect(answer.content[0].text).toContain('\\"void_periods\\"');
  });
});
