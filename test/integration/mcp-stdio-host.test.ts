/**
 * The stdio MCP server as a host runs it (`npm run -s mcp`): it ends when the host closes stdin, in
 * every state — after a report was drawn on its thread, and with a report still being drawn — and the
 * calls its own prompts suggest are accepted by the tools they name, so an assistant that follows a
 * prompt is never refused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/run-cli.ts';
import { budgetMs } from '../support/time-budget.ts';

const REPORT_CALL = {
  name: 'chart_report',
  arguments: { birth: { year: 1990, month: 5, day: 15, time: '10:30', location: 139.69, gender: 'female' }, luck_year: 2026 },
};

/** The stdio server with raw pipes: JSON-RPC lines in, answers by id out. */
function startServer(): { child: ChildProcess; send: (message: object) => void; answer: (id: number) => Promise<unknown> } {
  const child = spawn(process.execPath, ['src/cli/mcp.ts'], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map<number, (message: unknown) => void>();
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      const message = JSON.parse(line) as { id?: number };
      if (message.id !== undefined) waiting.get(message.id)?.(message);
    }
  });
  const send = (message: object): void => void child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const answer = (id: number) => new Promise<unknown>((resolve) => waiting.set(id, resolve));
  return { child, send, answer };
}

async function initialized(server: ReturnType<typeof startServer>): Promise<void> {
  const ready = server.answer(1);
  server.send({
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  await ready;
  server.send({ method: 'notifications/initialized' });
}

/** Milliseconds from stdin's end to the process's exit; fails if it is still running after the budget. */
async function exitAfterStdinEnds(child: ChildProcess): Promise<{ code: number | null; elapsedMs: number }> {
  const started = performance.now();
  const exited = once(child, 'exit') as Promise<[number | null]>;
  child.stdin!.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), budgetMs(1_000));
  const [code] = await exited;
  clearTimeout(timer);
  return { code, elapsedMs: performance.now() - started };
}

describe('the stdio MCP server ends when the host closes stdin', () => {
  it('after a report was drawn (its thread does not hold the process)', async () => {
    const server = startServer();
    await initialized(server);
    const answered = server.answer(2);
    server.send({ id: 2, method: 'tools/call', params: REPORT_CALL });
    const answer = (await answered) as { result: { isError?: boolean; content: { type: string }[] } };
    expect(answer.result.isError).toBeUndefined();
    expect(answer.result.content.map((part) => part.type)).toContain('resource');
    // Killed by the budget's timer it would exit with a signal and code null.
    expect((await exitAfterStdinEnds(server.child)).code).toBe(0);
  });

  it('with a report still being drawn', async () => {
    const server = startServer();
    await initialized(server);
    server.send({ id: 2, method: 'tools/call', params: REPORT_CALL });
    expect((await exitAfterStdinEnds(server.child)).code).toBe(0);
  });
});

describe('the prompts’ suggested calls', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['src/cli/mcp.ts'], cwd: REPO_ROOT, stderr: 'pipe' }));
  });
  afterAll(async () => {
    await client?.close();
  });

  /** Every "<tool> with {…}" of a prompt's text, its JSON read by balancing braces. */
  function suggestedCalls(text: string): { tool: string; args: Record<string, unknown> }[] {
    const calls: { tool: string; args: Record<string, unknown> }[] = [];
    for (const match of text.matchAll(/(\w+) with \{/g)) {
      const start = match.index + match[0].length - 1;
      let depth = 0;
      let end = start;
      for (; end < text.length; end++) {
        if (text[end] === '{') depth++;
        else if (text[end] === '}' && --depth === 0) break;
      }
      calls.push({ tool: match[1]!, args: JSON.parse(text.slice(start, end + 1)) });
    }
    return calls;
  }

  const BIRTH = { date: '1990-05-15', time: '10:30', place: '東京都', gender: 'female' };
  const PROMPT_ARGUMENTS: Readonly<Record<string, Record<string, string>>> = {
    year_reading: { ...BIRTH, year: '2026', lang: 'en' },
    compatibility_reading: {
      ...Object.fromEntries(Object.entries(BIRTH).map(([name, value]) => [`a_${name}`, value])),
      b_date: '1988-08-08',
      b_place: '135.5',
      b_gender: 'male',
      lang: 'ko',
    },
    explain_chart: { ...BIRTH, lang: 'zh-Hant' },
  };

  it('every prompt, with every argument given, names calls its tools accept', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).toSorted()).toEqual(Object.keys(PROMPT_ARGUMENTS).toSorted());
    const { tools } = await client.listTools();
    for (const prompt of prompts) {
      const message = await client.getPrompt({ name: prompt.name, arguments: PROMPT_ARGUMENTS[prompt.name] });
      const calls = suggestedCalls((message.messages[0]!.content as { text: string }).text);
      expect(calls.length, prompt.name).toBeGreaterThan(0);
      for (const call of calls) {
        expect(
          tools.map((tool) => tool.name),
          `${prompt.name} names ${call.tool}`,
        ).toContain(call.tool);
        const answer = (await client.callTool({ name: call.tool, arguments: call.args })) as {
          isError?: boolean;
          content: { text?: string }[];
        };
        expect(answer.isError, `${prompt.name} → ${call.tool}: ${answer.content[0]?.text}`).toBeUndefined();
      }
    }
  });

  it('a refused argument says which tools take it', async () => {
    const answer = (await client.callTool({
      name: 'chart_analysis',
      arguments: { year: 1990, month: 5, day: 15, location: 139.69, gender: 'female' },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(answer.isError).toBe(true);
    expect(answer.content[0]!.text).toContain('gender is not an argument of chart_analysis: calculate_chart and chart_luck take it');
    const luck = (await client.callTool({
      name: 'calculate_chart',
      arguments: { year: 1990, month: 5, day: 15, location: 139.69, luck_year: 2026 },
    })) as { isError?: boolean; content: { text: string }[] };
    expect(luck.content[0]!.text).toContain('luck_year is not an argument of calculate_chart: chart_luck takes it');
  });
});
