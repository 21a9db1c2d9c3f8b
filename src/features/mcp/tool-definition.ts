/** What a tool is: its name, the families it belongs to, its schemas, and how it runs. */
import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { ComputeRunner } from '../../compute/runner.ts';
import type { Family } from './families.ts';
import type { ToolOutcome } from './tool-results.ts';
import type { ToolSchema } from './tool-schema.ts';

export interface ToolServices {
  compute: ComputeRunner;
}

export interface ToolDefinition<Args = unknown> {
  name: string;
  title: string;
  description: string;
  families: readonly Family[];
  input: ToolSchema<Args>;
  output?: ToolSchema<unknown>;
  annotations?: ToolAnnotations;
  /** Runs the call with arguments its input schema accepted; request errors become error results. */
  run(args: Args, services: ToolServices): Promise<ToolOutcome>;
}

/**
 * A tool whose `run` receives the type its input schema parses to (a list of tools holds them as
 * `ToolDefinition`: `run` is a method, so a tool of any arguments fits there).
 */
export function defineTool<Args>(tool: ToolDefinition<Args>): ToolDefinition<Args> {
  return tool;
}

/** Every tool reads only: computing a chart changes nothing anywhere, and the same call gives the same answer. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
