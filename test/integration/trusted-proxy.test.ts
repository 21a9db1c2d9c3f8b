/**
 * Two clients behind a forwarding proxy (the compose deployment's HAProxy): with TRUST_PROXY naming
 * the proxy, each client is its own address to the per-address limits, so one guessing keys does
 * not throttle the other. Without it both are the proxy's address, and the service says so in its
 * log the first time forwarding headers arrive.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { getFrom, startForwardingProxy, type ForwardingProxy } from '../helpers/forwarding-proxy.ts';
import { IGNORED_FORWARDING_MESSAGE } from '../../src/http/forwarded-headers.ts';

const LIMIT = 5;
const opened: Array<TestServer | ForwardingProxy> = [];
afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
});

async function behindProxy(trustProxy: string | undefined) {
  const logLines: string[] = [];
  const env: Record<string, string> = { AUTH_FAILURES_PER_MINUTE: String(LIMIT) };
  if (trustProxy) env.TRUST_PROXY = trustProxy;
  const server = await startTestServer({ env, logLines });
  const proxy = await startForwardingProxy(server.url);
  opened.push(server, proxy);
  const profile = `${proxy.url}/api/v1/sky-events?date=2024-04-08&timezone=UTC`;
  const bogus = (i: number) => ({ 'x-api-key': `ask_bogus_${i}_${'x'.repeat(32)}` });
  return { server, proxy, logLines, profile, bogus };
}

/**
 * The failures are counted per clock minute (AUTH_FAILURES_PER_MINUTE): the counts of a burst that
 * crossed into the next minute would start again halfway. Start well inside one.
 */
async function awayFromMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 20_000) await new Promise((r) => setTimeout(r, left + 100));
}

describe('clients behind a forwarding proxy', () => {
  it('TRUST_PROXY naming the proxy: a client guessing keys is throttled alone', async () => {
    const { server, profile, bogus, logLines } = await behindProxy('127.0.0.1');
    await awayFromMinuteEnd();
    const guesser = [];
    for (let i = 0; i <= LIMIT; i++) guesser.push((await getFrom('127.0.0.2', profile, bogus(i))).status);
    expect(guesser.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(guesser[LIMIT]).toBe(429);
    // The other client: its own mistyped key is still a 401, its valid key a 200.
    expect((await getFrom('127.0.0.3', profile, bogus(99))).status).toBe(401);
    expect((await getFrom('127.0.0.3', profile, { 'x-api-key': server.key })).status).toBe(200);
    expect(logLines.join('\n')).not.toContain(IGNORED_FORWARDING_MESSAGE);
  });

  it('without it: every client is the proxy to the limits, and the log says why, once', async () => {
    const { profile, bogus, logLines } = await behindProxy(undefined);
    await awayFromMinuteEnd();
    for (let i = 0; i < LIMIT; i++) expect((await getFrom('127.0.0.2', profile, bogus(i))).status).toBe(401);
    // The other client's first mistyped key is counted with the guesser's.
    expect((await getFrom('127.0.0.3', profile, bogus(99))).status).toBe(429);
    const warnings = logLines.filter((line) => line.includes(IGNORED_FORWARDING_MESSAGE));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, proxy: '127.0.0.1' });
  });
});
