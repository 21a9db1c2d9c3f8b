/**
 * A start-up hook may take as long as the report worker's Chromium check and more: an embedded
 * server checks Chromium before it is ready, and Fastify's default limit of 10 s for a hook failed
 * whole starts on a busy box (the check alone took 7-8 s at a load of 16).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig, reportProbeTimeoutMs, startupHookTimeoutMs } from '../../../src/config.ts';
import { createFastify } from '../../../src/http/fastify-instance.ts';

describe("the service's start-up hooks", () => {
  it('are given longer than the Chromium check, whatever the render timeout', async () => {
    for (const REPORT_RENDER_TIMEOUT_MS of ['1000', '60000', '600000']) {
      const config = loadConfig({ REPORT_RENDER_TIMEOUT_MS });
      const app = await createFastify(config, { logger: false });
      expect(app.initialConfig.pluginTimeout).toBe(startupHookTimeoutMs(config));
      expect(startupHookTimeoutMs(config)).toBeGreaterThan(reportProbeTimeoutMs(config) + 5_000);
      await app.close();
    }
  });
});
