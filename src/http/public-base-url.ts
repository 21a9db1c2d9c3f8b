/**
 * The service's public address: PUBLIC_BASE_URL exactly, or the address the server listens on
 * (a wildcard address reads as localhost). OAuth issuer, MCP resource and metadata URLs are all
 * made from it, never from a request's Host header, which a client chooses.
 */
import type { Server } from 'node:http';
import type { Config } from '../config.ts';

export type PublicBaseUrl = () => string;

export function publicBaseUrl(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT'>, server: () => Server): PublicBaseUrl {
  if (config.PUBLIC_BASE_URL) {
    const fixed = config.PUBLIC_BASE_URL;
    return () => fixed;
  }
  let listening: string | undefined;
  return () => {
    if (listening) return listening;
    const address = server().address();
    if (!address || typeof address === 'string') return `http://localhost:${config.PORT}`;
    const host = address.address === '0.0.0.0' || address.address === '::' ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return (listening = `http://${host}:${address.port}`);
  };
}
