/**
 * One MCP server per HTTP request, built for its caller: the tools of the families it may use,
 * each answering from the feature services. Nothing lives between requests, so any API process
 * answers any request and two callers never share a server (or a JSON-RPC id space).
 */
import { computeCallers, type ComputeCaller } from '../../compute/compute-caller.ts';
import { McpServer } from '@modelcontextprotocol/server';
import type { RateDecision } from '../../http/rate-limit.ts';
import type { Family } from './families.ts';
import { toolsOf } from './catalogue.ts';
import type { ToolDefinition, ToolServices } from './tool-definition.ts';
import { errorResult, type ToolOutcome } from './tool-results.ts';

export interface McpSession {
  services: ToolServices;
  /** Whose compute a tool call is (its heavy work is admitted and charged to that account). */
  computeCaller?: ComputeCaller;
  families: readonly Family[];
  /** The plan's period, to say when an exhausted quota resets. */
  limitPeriod: 'day' | 'month';
  /** What charging this request's tools/call decided; null when it carries none. */
  charge: RateDecision | null;
  /** Filled by the tool call: which tool ran and the status REST would have answered (the usage log's). */
  outcome?: { tool: string; status: number };
  logError(error: unknown, message: string): void;
}

export const SERVER_INFO = { name: 'astro-calc-service', title: 'Astrology calculation service', version: '1.0.0' };

const INSTRUCTIONS =
  'Astrology calculations from the Swiss Ephemeris: natal charts, transits, ephemeris tables, the sky events of a day, chart images and numerology profiles. Times are local civil time at the place; places are city names or coordinates (v1_geo_search checks a city). Each tool call counts as one request of your plan.';

function quotaExhausted(session: McpSession, decision: RateDecision): ToolOutcome {
  const reset = new Date(decision.resetAt * 1000).toISOString();
  return errorResult(
    429,
    `Request quota exhausted: your plan allows ${decision.limit} requests per ${session.limitPeriod}, and they are used up. The quota resets at ${reset}; until then tool calls are refused.`,
  );
}

async function call(tool: ToolDefinition, args: unknown, session: McpSession): Promise<ToolOutcome> {
  if (session.charge?.outcome === 'quota_exceeded') return quotaExhausted(session, session.charge);
  try {
    const run = () => tool.run(args, session.services);
    return await (session.computeCaller ? computeCallers.run(session.computeCaller, run) : run());
  } catch (error) {
    session.logError(error, `MCP tool ${tool.name} failed`);
    return errorResult(500, 'Internal error while computing the answer; the failure is logged.');
  }
}

/**
 * The SDK keeps its tools in a plain object and looks a called name up there, so a call of
 * `constructor` or `toString` found Object.prototype's and answered "Tool constructor disabled"
 * instead of "not found". A registry without a prototype holds only what is registered (the
 * field is the SDK's own: should it be renamed, this sets an unused property and the test that
 * calls `constructor` fails).
 */
function withPlainToolRegistry(server: McpServer): McpServer {
  (server as unknown as { _registeredTools: Record<string, unknown> })._registeredTools = Object.create(null) as Record<string, unknown>;
  return server;
}

export function buildMcpServer(session: McpSession): McpServer {
  const server = withPlainToolRegistry(new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS }));
  for (const tool of toolsOf(session.families)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: tool.annotations,
      },
      async (args: unknown) => {
        const outcome = await call(tool, args, session);
        session.outcome = { tool: tool.name, status: outcome.status };
        return outcome.result;
      },
    );
  }
  return server;
}
