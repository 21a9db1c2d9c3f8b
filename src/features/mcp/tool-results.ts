/**
 * Tool results from the services' answers. A JSON answer goes out twice, as the spec asks of
 * tools with an output schema: as `structuredContent` (the REST response, parsed) and as the same
 * bytes in a text block for clients that read only text. Errors a caller can act on are results
 * with `isError` (the model reads them and corrects its call), never protocol errors.
 */
import type { CallToolResult } from '@modelcontextprotocol/server';
import { decodeBinaryResponse } from '../../compute/binary-response.ts';
import { ComputeOverloadedError } from '../../compute/runner.ts';
import { HeavyWorkLimitError } from '../../compute/compute-caller.ts';
import { RequestFieldError } from '../../requests/request-error.ts';

/** A result and the HTTP status the same request would have had over REST (for the usage log). */
export interface ToolOutcome {
  status: number;
  result: CallToolResult;
}

export function jsonResult(bytes: Buffer): ToolOutcome {
  const text = bytes.toString('utf8');
  return { status: 200, result: { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) as Record<string, unknown> } };
}

/**
 * An image answer (the binary response of an image endpoint): a PNG as an image block (an SVG as
 * text), the image in words, and its figures, after `lead` (what the tool adds, such as the chart kind).
 */
export function imageResult(bytes: Buffer, lead: Record<string, unknown> = {}): ToolOutcome {
  const image = decodeBinaryResponse(bytes);
  // A PNG's own size is in its IHDR chunk.
  const png = image.contentType === 'image/png';
  const width = png ? image.body.readUInt32BE(16) : 0;
  const height = png ? image.body.readUInt32BE(20) : 0;
  return {
    status: 200,
    result: {
      content: [
        png ? { type: 'image', data: image.body.toString('base64'), mimeType: 'image/png' } : { type: 'text', text: image.body.toString('utf8') },
        { type: 'text', text: image.summary.join('\n') },
      ],
      structuredContent: {
        ...lead,
        content_type: image.contentType,
        width,
        height,
        byte_length: image.body.length,
        headers: image.headers,
        summary: image.summary,
      },
    },
  };
}

/** A service answer that is an object already (the numerology engine's). */
export function objectResult(value: Record<string, unknown>): ToolOutcome {
  return { status: 200, result: { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value } };
}

export function errorResult(status: number, text: string): ToolOutcome {
  return { status, result: { content: [{ type: 'text', text }], isError: true } };
}

/** The argument a REST location names: `["body", "natal", "lat"]` is the argument `natal.lat`. */
const argumentPath = (loc: (string | number)[]) => loc.filter((part, i) => !(i === 0 && (part === 'body' || part === 'query' || part === 'path'))).join('.');

/** What went wrong, for the caller; anything unexpected is rethrown (logged, and answered as an internal error). */
export function outcomeOfError(error: unknown): ToolOutcome {
  if (error instanceof RequestFieldError) {
    const where = argumentPath(error.loc);
    const detail = { detail: [{ loc: error.loc, msg: error.message, type: error.type }] };
    return errorResult(422, `Invalid request${where ? ` (${where})` : ''}: ${error.message}\n${JSON.stringify(detail)}`);
  }
  if (error instanceof HeavyWorkLimitError) {
    return errorResult(429, `${error.message} (retry in ${error.retryAfterSeconds} seconds).`);
  }
  if (error instanceof ComputeOverloadedError) {
    return errorResult(503, `The service is busy; retry in ${error.retryAfterSeconds} second(s).`);
  }
  throw error;
}
