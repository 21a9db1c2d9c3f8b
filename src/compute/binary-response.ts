/**
 * A task result that is not JSON (an SVG or PNG image) with its content type and response
 * headers, framed into one byte array so that it crosses the thread boundary without a copy:
 * [4-byte length of the meta JSON][meta JSON][body].
 */
export interface BinaryResponse {
  kind: 'binary';
  contentType: string;
  headers: Record<string, string>;
  body: Uint8Array | string;
  /** What the image shows, in words (not sent as a header; the MCP tool returns it as text). */
  summary?: string[];
}

const encoder = new TextEncoder();

export function isBinaryResponse(value: unknown): value is BinaryResponse {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'binary';
}

/**
 * A text body's UTF-8 bytes, written into this thread's scratch array (valid until the next
 * call): with the copy into the frame, half the time of encoding a 50 KB SVG into an array of
 * its own, or of measuring its length first.
 */
let scratch = new Uint8Array(64 * 1024);
function utf8InScratch(text: string): Uint8Array {
  if (scratch.length < text.length * 3) scratch = new Uint8Array(text.length * 3);
  return scratch.subarray(0, encoder.encodeInto(text, scratch).written);
}

export function encodeBinaryResponse(r: BinaryResponse): Uint8Array {
  const meta = encoder.encode(JSON.stringify({ contentType: r.contentType, headers: r.headers, summary: r.summary }));
  const body = typeof r.body === 'string' ? utf8InScratch(r.body) : r.body;
  const out = new Uint8Array(4 + meta.length + body.length);
  new DataView(out.buffer).setUint32(0, meta.length);
  out.set(meta, 4);
  out.set(body, 4 + meta.length);
  return out;
}

export function decodeBinaryResponse(bytes: Buffer): { contentType: string; headers: Record<string, string>; summary: string[]; body: Buffer } {
  const metaLength = bytes.readUInt32BE(0);
  const meta = JSON.parse(bytes.subarray(4, 4 + metaLength).toString('utf8')) as { contentType: string; headers: Record<string, string>; summary?: string[] };
  return { contentType: meta.contentType, headers: meta.headers, summary: meta.summary ?? [], body: bytes.subarray(4 + metaLength) };
}
