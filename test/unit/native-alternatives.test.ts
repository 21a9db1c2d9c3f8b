/**
 * The JavaScript alternatives of the native modules (NATIVE_MODULES_OFF: the tape writer in
 * JavaScript, the tile file read with fs, the general Swiss Ephemeris binding) answer the same
 * bytes as the native modules: the same requests, prepared (their zone looked up in the tiles)
 * and computed by the natal, compact natal, transits and ephemeris tasks, once with every module
 * on and once with every one off, in two fresh loads of the sources.
 */
import { describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../helpers/seeded-random.ts';

const random = seededRandom(2026_1127);
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pad = (n: number) => String(n).padStart(2, '0');
const place = () => ({ lat: Math.round((random() * 130 - 65) * 1e4) / 1e4, lng: Math.round((random() * 360 - 180) * 1e4) / 1e4 });
const birth = () => ({ year: int(1850, 2099), month: int(1, 12), day: int(1, 28), hour: int(0, 23), minute: int(0, 59), ...place() });
const day = () => `${int(1850, 2099)}-${pad(int(1, 12))}-${pad(int(1, 28))}`;

/** A handful of requests per endpoint, options varied, places given by coordinates (their zones come from the tiles). */
const REQUESTS: { path: string; body: Record<string, unknown> }[] = [
  ...Array.from({ length: 6 }, () => ({ path: '/api/v1/natal/calculate', body: birth() })),
  {
    path: '/api/v1/natal/calculate',
    body: { ...birth(), zodiac_type: 'sidereal', sidereal_ayanamsa: 'lahiri', house_system: 'whole_sign', include_minor: true },
  },
  { path: '/api/v1/natal/calculate', body: { ...birth(), lat: 78.2, lng: 15.6, house_system: 'placidus', interpretation: { enable: true } } },
  ...Array.from({ length: 4 }, () => ({ path: '/natal', body: birth() })),
  ...Array.from({ length: 4 }, () => ({ path: '/api/v1/transits/calculate', body: { natal: birth(), transit_date: `${day()}T12:00` } })),
  { path: '/api/v1/ephemeris/calculate', body: { start: '2024-03-01', end: '2024-03-31', step: '1d', lat: 38.72, lng: -9.14 } },
  { path: '/api/v1/ephemeris/calculate', body: { start: day(), step: '6h', end: undefined, include_aspects: true, ...place() } },
  { path: '/api/v1/ephemeris/calculate', body: { start: '2399-12-25', end: '2399-12-31', step: '12h' } }, // the data files' last days, without a place
];

/** Zones of random places, looked up in the tile file. */
const POINTS = Array.from({ length: 400 }, place);

async function answersWith(off: string): Promise<{ on: boolean[]; answers: string[]; zones: string[]; tileWarnings: number }> {
  vi.resetModules();
  vi.stubEnv('NATIVE_MODULES_OFF', off);
  const warn = vi.spyOn(process, 'emitWarning');
  try {
    const { nativeModuleOn } = await import('../../src/native-module.ts');
    const { ENDPOINTS } = await import('../../src/features/endpoints.ts');
    const { runTask } = await import('../../src/pool-tasks.ts');
    const { TimeZoneLookup } = await import('../../src/geo/time-zone-lookup.ts');
    const answers = REQUESTS.map(({ path, body }) => {
      const endpoint = ENDPOINTS.find((e) => e.method === 'POST' && e.paths.includes(path))!;
      const task = endpoint.prepare({ body: endpoint.body!.parse(JSON.parse(JSON.stringify(body))), query: {}, params: {} }, 0);
      const out = runTask(endpoint.task.name, task);
      return out instanceof Uint8Array ? Buffer.from(out).toString('utf8') : `error ${JSON.stringify(out)}`;
    });
    const lookup = new TimeZoneLookup();
    const zones = POINTS.map((p) => lookup.zoneAt(p.lat, p.lng));
    const tileWarnings = warn.mock.calls.filter((call) => (call as unknown[])[1] === 'TimeZoneTilesWarning').length;
    return { on: (['json_writer', 'mapped_file', 'swe_calc'] as const).map(nativeModuleOn), answers, zones, tileWarnings };
  } finally {
    warn.mockRestore();
    vi.unstubAllEnvs();
  }
}

describe('the native modules and their JavaScript alternatives', () => {
  it('answer the same bytes and find the same zones', { timeout: 600_000 }, async () => {
    const native = await answersWith('');
    const alternatives = await answersWith('json_writer,mapped_file,swe_calc');
    expect(native.on).toEqual([true, true, true]);
    expect(alternatives.on).toEqual([false, false, false]);
    // Both read the tile file (no fallback to decoding geo-tz's data, which would hide a broken reader).
    expect([native.tileWarnings, alternatives.tileWarnings]).toEqual([0, 0]);
    expect(native.answers.filter((a) => a.startsWith('error'))).toEqual([]);
    REQUESTS.forEach((request, i) => expect(alternatives.answers[i], `${request.path} ${JSON.stringify(request.body)}`).toBe(native.answers[i]));
    expect(alternatives.zones).toEqual(native.zones);
  });
});
