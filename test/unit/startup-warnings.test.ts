import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startupWarnings } from '../../src/startup-warnings.ts';

describe('warnings at start', () => {
  it('say nothing on the loopback, where the defaults are right', () => {
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });

  it('name PUBLIC_BASE_URL and OPS_TOKEN when the service listens beyond the loopback without them', () => {
    const warnings = startupWarnings(loadConfig({ HOST: '0.0.0.0' }));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^PUBLIC_BASE_URL is unset while the service listens on 0\.0\.0\.0/);
    expect(warnings[1]).toMatch(/^OPS_TOKEN is unset/);
    expect(startupWarnings(loadConfig({ HOST: '0.0.0.0', PUBLIC_BASE_URL: 'https://api.example.com', OPS_TOKEN: 'o'.repeat(16) }))).toEqual([]);
  });
});
