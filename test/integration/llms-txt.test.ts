/**
 * `/llms.txt` and the agent skill file: what an agent reads before it calls anything. Both name every
 * MCP tool; /llms.txt states each tool's price as this deployment sets it (the tool list's own words),
 * without a key.
 */
import { describe, expect, it } from 'vitest';
import { toolDefinitions } from '../../src/mcp/tools.ts';
import { startAppServer } from '../support/app-server.ts';
import { appWithAccount } from '../support/app-with-account.ts';

describe('/llms.txt and the agent skill', () => {
  const env = appWithAccount();

  it('GET /llms.txt: free, Markdown as text, every tool with its price, the MCP endpoint and the docs', async () => {
    const response = await fetch(`${env.app.baseUrl}/llms.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text.startsWith('# Four Pillars')).toBe(true);
    for (const tool of toolDefinitions('paid'))
      expect(text, tool.name).toContain(`- \`${tool.name}\` — ${tool.title}. ${tool.description}`);
    expect(text).toContain('Costs 10 credits');
    expect(text).toContain('Costs 20 credits');
    expect(text).toContain('`/mcp`');
    // Every document it links is served.
    for (const [, path] of text.matchAll(/\]\((\/docs\/[a-z-]+\.md)\)/g)) {
      expect((await fetch(`${env.app.baseUrl}${path}`)).status, path).toBe(200);
    }
    expect((await fetch(`${env.app.baseUrl}/llms.txt`, { method: 'POST' })).status).toBe(405);
  });

  it('states the deployment’s own prices', async () => {
    const app = await startAppServer({ env: { CREDIT_COST: '7', COMPATIBILITY_COST: '15' } });
    try {
      const text = await (await fetch(`${app.baseUrl}/llms.txt`)).text();
      expect(text).toContain('Costs 7 credits');
      expect(text).toContain('Costs 15 credits');
    } finally {
      await app.close();
    }
  });

  it('the agent skill file (/docs/agent-skill.md) has its front matter and names every tool', async () => {
    const text = await (await fetch(`${env.app.baseUrl}/docs/agent-skill.md`)).text();
    expect(text).toMatch(/^---\nname: four-pillars\ndescription: .+\n---\n/);
    for (const tool of toolDefinitions('paid')) expect(text, tool.name).toContain(`\`${tool.name}\``);
  });
});
