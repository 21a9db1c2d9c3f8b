/** MCP clients for the tests: the official SDK's (v2, and v1 for 2025-era clients) and raw JSON-RPC. */
import { Client, StreamableHTTPClientTransport, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientProvider as OAuthClientProviderV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { startTestServer, type TestServer } from './app.ts';

export interface McpClientOptions {
  headers?: Record<string, string>;
  authProvider?: OAuthClientProvider;
}

/** The v2 SDK client speaking 2026-07-28 (`modern`) or negotiating the 2025 handshake (`legacy`). */
export function v2Client(url: string, options: McpClientOptions & { era?: 'modern' | 'legacy' } = {}) {
  const client = new Client({ name: 'test-client-v2', version: '1.0.0' }, { versionNegotiation: { mode: options.era === 'legacy' ? 'legacy' : 'auto' } });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: options.headers ?? {} }, authProvider: options.authProvider });
  return { client, transport, connect: () => client.connect(transport) };
}

/** The v1 SDK client (`@modelcontextprotocol/sdk`), as 2025-era assistants and IDEs ship it. */
export function v1Client(url: string, options: { headers?: Record<string, string>; authProvider?: OAuthClientProviderV1 } = {}) {
  const client = new ClientV1({ name: 'test-client-v1', version: '1.0.0' });
  const transport = new TransportV1(new URL(url), { requestInit: { headers: options.headers ?? {} }, authProvider: options.authProvider });
  return { client, transport, connect: () => client.connect(transport) };
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** One JSON-RPC POST as a 2025-era client sends it after initialize (no per-request envelope). */
export async function rawMcp(url: string, message: unknown, headers: Record<string, string> = {}, method = 'POST'): Promise<RawResponse> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: method === 'POST' ? JSON.stringify(message) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body };
}

export const toolCall = (id: number | string, name: string, args: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/**
 * A test server of its own and a v2 MCP client connected to its `/mcp` with the server's key:
 * what a family's REST-and-tool tests start with. `close` closes both.
 */
export async function startServerWithMcp(): Promise<{ server: TestServer; mcp: ReturnType<typeof v2Client>; close: () => Promise<void> }> {
  const server = await startTestServer();
  const mcp = v2Client(`${server.url}/mcp`, { headers: { 'x-api-key': server.key } });
  await mcp.connect();
  return {
    server,
    mcp,
    close: async () => {
      await mcp.client.close();
      await server.close();
    },
  };
}
