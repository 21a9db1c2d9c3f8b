/**
 * Sidereal mode is global state of the Swiss Ephemeris (per thread). Concurrent requests with
 * different zodiac, ayanamsa and house settings, spread over worker threads, must each get
 * exactly the answer they get alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.ts';
import { createInlineRunner } from '../../src/compute/runner.ts';
import { POOL_TASKS } from '../../src/pool-tasks.ts';
import { natalTask } from '../../src/features/western/natal/natal-endpoints.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ compute: 'pool', threads: 2 });
});
afterAll(async () => {
  await server?.close();
});

const variants = [
  { zodiac_type: 'tropical', house_system: 'placidus' },
  { zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri', house_system: 'whole_sign' },
  { zodiac_type: 'sidereal', sidereal_ayanamsa: 'fagan_bradley', house_system: 'koch' },
  { zodiac_type: 'sidereal', sidereal_ayanamsa: 'raman', house_system: 'equal' },
  { zodiac_type: 'sidereal', sidereal_ayanamsa: 'kp', house_system: 'campanus' },
  { zodiac_type: 'tropical', house_system: 'regiomontanus' },
  { zodiac_type: 'sidereal', sidereal_ayanamsa: 'yukteshwar', house_system: 'topocentric' },
];

describe('compute pool isolation', () => {
  it('never leaks zodiac, ayanamsa or house settings between concurrent requests', async () => {
    const requests = Array.from({ length: 140 }, (_, i) => ({
      year: 1950 + (i % 60),
      month: 1 + (i % 12),
      day: 1 + (i % 28),
      hour: i % 24,
      minute: (i * 7) % 60,
      lat: -50 + (i % 100),
      lng: -170 + ((i * 13) % 340),
      tz_str: 'UTC',
      ...variants[i % variants.length],
    }));
    const responses = await Promise.all(requests.map((r) => server.post('/api/v1/natal/calculate', r)));
    // The same requests one by one on this thread are the reference.
    const inline = createInlineRunner(POOL_TASKS);
    const threadsSeen = server.compute.stats().threads;
    expect(threadsSeen).toBe(2);
    for (let i = 0; i < requests.length; i++) {
      expect(responses[i]!.status).toBe(200);
      const expected = JSON.parse(
        (
          await inline.run(natalTask, {
            request: (await import('../../src/features/western/natal/natal-schemas.ts')).natalRequest.parse(requests[i]),
            place: { city: null, country: null, lat: requests[i]!.lat, lng: requests[i]!.lng, source: 'request' },
            includeMinor: false,
            includeStelliums: false,
          })
        ).toString(),
      );
      const got = responses[i]!.body;
      expect(got.planets, `request ${i}`).toEqual(expected.planets);
      expect(got.houses, `request ${i}`).toEqual(expected.houses);
      expect(got.subject.settings.sidereal_ayanamsa).toBe((requests[i] as { sidereal_ayanamsa?: string }).sidereal_ayanamsa ?? null);
    }
  }, 60_000);
});
