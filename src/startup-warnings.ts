/**
 * Settings that work on a laptop and fail silently once the service is reachable from elsewhere:
 * said once at start (by the process that reads the configuration), each with what to set.
 */
import { isLoopbackHost, type Config } from './config.ts';

export function startupWarnings(config: Pick<Config, 'HOST' | 'PORT' | 'PUBLIC_BASE_URL' | 'OPS_TOKEN'>): string[] {
  if (isLoopbackHost(config.HOST)) return [];
  const warnings: string[] = [];
  if (!config.PUBLIC_BASE_URL) {
    warnings.push(
      `PUBLIC_BASE_URL is unset while the service listens on ${config.HOST}: the OAuth issuer and the MCP resource are named after the listen address (port ${config.PORT}), which remote MCP clients cannot reach; set PUBLIC_BASE_URL to the address clients use (https://api.example.com)`,
    );
  }
  if (!config.OPS_TOKEN) {
    warnings.push(
      'OPS_TOKEN is unset: /metrics and the errors of /readyz answer loopback clients only; set OPS_TOKEN (16+ characters) to scrape them from another machine',
    );
  }
  return warnings;
}
