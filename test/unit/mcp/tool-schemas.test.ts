/**
 * every MCP tool's input and output schema compiles (Ajv, JSON Schema 2020-12, as an
 * MCP client would compile it), and validates what the tools really take and answer.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { composeLocalReports } from '../../../src/compose-local.ts';
import { callTool, toolDefinitions } from '../../../src/mcp/tools.ts';
import { schemaProblems } from '../../rest/support/openapi-validator.ts';

/** The stdio server's renderer (chart_report draws a PDF). */
const reports = composeLocalReports();
afterAll(() => reports.close());

const ajv = () => new Ajv2020({ strict: false, allErrors: true });
const BIRTH = { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69 };

/** Internal source ids and references to notes outside the repository (spelled apart so this file does not hold them). */
const INTERNAL_IDS = new RegExp(['\\bR\\d+ ', 'Source:', ['DES', 'IGN §'].join(''), ['Sp', 'ec §'].join('')].join('|'));

describe('MCP tool schemas', () => {
  for (const mode of ['paid', 'local'] as const) {
    it(`${mode}: every input and output schema compiles, with no $ref left dangling`, () => {
      for (const tool of toolDefinitions(mode)) {
        expect(JSON.stringify(tool.inputSchema), tool.name).not.toContain('#/components/');
        expect(() => ajv().compile(tool.inputSchema), `${tool.name} input`).not.toThrow();
        const output = tool.outputSchema;
        if (output !== undefined) expect(() => ajv().compile(output), `${tool.name} output`).not.toThrow();
      }
    });
  }

  it('the inputs a tool takes are valid against its input schema, and its answer against its output schema (stdio mode)', async () => {
    const inputs: Record<string, Record<string, unknown>> = {
      calculate_chart: { ...BIRTH, variant: 'A' },
      compatibility: { a: BIRTH, b: { year: 1992, month: 11, day: 3, location: 135.5 } },
      solar_terms: { year: 2024 },
      chart_analysis: { ...BIRTH, lang: 'ko', analysis_sensitivity: true },
      lunar_dates: { calendar: 'lunar_kr', year: 2017, month: 5, day: 1, leap_month: true },
      pillars_to_dates: { year_pillar: '甲辰', month_pillar: '丙寅', day_pillar: '戊戌', hour_pillar: '辛酉', location: 139.69 },
      chart_luck: { ...BIRTH, gender: 'female', luck_year: 2026, lang: 'en' },
      chart_certainty: { year: 2024, month: 2, day: 4, time: '17:20', place: '東京都', uncertainty_minutes: 15 },
      find_places: { q: '府中', limit: 3 },
      chart_report: { birth: { ...BIRTH, lang: 'zh-Hans' }, luck_year: 2025 },
      timeline_search: {
        birth: { ...BIRTH, gender: 'male' },
        level: 'annual',
        from: '2026-01-01',
        where: { ten_god: 'cai' },
        limit: 2,
        lang: 'en',
      },
    };
    /** What a view answers besides the pillars, each checked against its /openapi.json component. */
    const VIEW_SECTIONS: Record<string, Record<string, string>> = {
      chart_analysis: { analysis: 'Analysis' },
      chart_luck: { luck: 'Luck' },
      chart_certainty: { warnings: 'ChartWarnings', alternatives: 'ChartAlternatives', convention_differences: 'ConventionDifferences' },
    };
    for (const tool of toolDefinitions('local')) {
      const input = inputs[tool.name]!;
      const validateInput = ajv().compile(tool.inputSchema);
      expect(validateInput(input), `${tool.name}: ${JSON.stringify(validateInput.errors)}`).toBe(true);
      const answer = await callTool(tool.name, input, { kind: 'local', reports });
      expect(answer.isError, tool.name).toBeUndefined();
      const sections = VIEW_SECTIONS[tool.name];
      if (sections !== undefined) {
        // No output schema (the analysis alone is 9 KB as a schema): each section is checked against /openapi.json.
        for (const [key, component] of Object.entries(sections)) {
          expect(schemaProblems(component, answer.structuredContent![key]), `${tool.name} ${key}`).toEqual([]);
        }
        expect(answer.structuredContent!['day_ganzhi'], tool.name).toMatch(/^[甲乙丙丁戊己庚辛壬癸][子丑寅卯辰巳午未申酉戌亥]$/);
        continue;
      }
      if (tool.name === 'chart_report') {
        // What the JSON says of the PDF; the PDF is the embedded resource beside it.
        expect(answer.structuredContent).toMatchObject({ file_name: 'report-1990-05-15-2025.pdf', byte_length: expect.any(Number) });
        expect(answer.content[1]).toMatchObject({ type: 'resource', resource: { mimeType: 'application/pdf' } });
        continue;
      }
      if (tool.name === 'solar_terms') {
        // No output schema (24 rows a model reads at a glance).
        expect(answer.structuredContent!['terms']).toHaveLength(24);
        expect(Object.keys((answer.structuredContent!['terms'] as object[])[0]!)).toEqual(['name', 'longitude', 'utc', 'local']);
        continue;
      }
      if (tool.outputSchema === undefined) {
        // The chart, the compatibility and the conversion declare no output schema (REST's answers, 26 KB, 2.4 KB and 0.5 KB as
        // schemas): checked against /openapi.json.
        const component =
          (
            {
              compatibility: 'CompatibilityResult',
              timeline_search: 'TimelineResult',
              lunar_dates: 'LunarDates',
              pillars_to_dates: 'PillarsToDates',
              find_places: 'Places',
            } as Record<string, string>
          )[tool.name] ?? 'ResultA';
        expect(schemaProblems(component, answer.structuredContent), tool.name).toEqual([]);
        continue;
      }
      const validateOutput = ajv().compile(tool.outputSchema);
      expect(validateOutput(answer.structuredContent), `${tool.name}: ${JSON.stringify(validateOutput.errors)}`).toBe(true);
    }
    // an argument the schema does not name is refused with the nearest name, never dropped.
    const camel = await callTool('calculate_chart', { ...BIRTH, location: -74, timeZone: 'America/New_York' }, { kind: 'local', reports });
    expect(camel.isError).toBe(true);
    expect(JSON.parse(camel.content[0].text)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: expect.stringContaining('timeZone is not a field of this request: did you mean "timezone"?'),
    });
    // The compatibility input schema shows an assistant the birth fields.
    const compatibility = toolDefinitions('local').find((tool) => tool.name === 'compatibility')!;
    expect(ajv().compile(compatibility.inputSchema)({ a: { year: 'x' }, b: BIRTH })).toBe(false);
  });

  it('the tool list an assistant reads on every session is compact (61 KB, the chart output schema alone 24.7 KB) and cites no internal source ids', () => {
    for (const mode of ['paid', 'local'] as const) {
      const list = JSON.stringify(toolDefinitions(mode));
      // UTF-8 bytes, as they travel (the kanji take three each), not characters.
      expect(Buffer.byteLength(list), mode).toBeLessThan(15_500);
      expect(list, mode).not.toMatch(INTERNAL_IDS);
    }
  });
});
