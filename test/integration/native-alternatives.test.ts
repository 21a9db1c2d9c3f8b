/**
 * The JavaScript alternatives of the native modules (NATIVE_MODULES_OFF: the tape writer in
 * JavaScript, the general Swiss Ephemeris binding) answer the same bytes as the native modules:
 * the same requests, prepared (their zone looked up in the tiles) and computed by the natal,
 * compact natal, transits, ephemeris and astrocartography lines tasks (the lines' coordinates are the
 * tape's counts of millionths), once with every module on and once with every one
 * off, each in a process of its own running the compiled service (a
 * native module is loaded once per process and keeps what it was given, so two loads in one test
 * process would share it, and the suite's test files share their process).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { built, ROOT } from '../helpers/built.ts';
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
  ...Array.from({ length: 2 }, () => ({ path: '/api/v1/western/astrocartography/lines', body: { natal: birth() } })),
];

interface Answers {
  on: boolean[];
  answers: string[];
  tileWarnings: number;
}

/** What a process of the compiled service computes with NATIVE_MODULES_OFF set to `off`. */
const CHILD = `
import { pathToFileURL } from 'node:url';
const input = JSON.parse(process.env.NATIVE_ANSWERS_INPUT);
let tileWarnings = 0;
process.on('warning', (warning) => { if (warning.name === 'TimeZoneTilesWarning') tileWarnings++; });
const load = (file) => import(pathToFileURL(file).href);
const { nativeModuleOn } = await load(input.files.native);
const { ENDPOINTS } = await load(input.files.endpoints);
const { runTask } = await load(input.files.tasks);
const answers = input.requests.map(({ path, body }) => {
  const endpoint = ENDPOINTS.find((e) => e.method === 'POST' && e.paths.includes(path));
  const task = endpoint.prepare({ body: endpoint.body.parse(body), query: {}, params: {} }, 0);
  const out = runTask(endpoint.task.name, task);
  return out instanceof Uint8Array ? Buffer.from(out).toString('utf8') : 'error ' + JSON.stringify(out);
});
await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on a later tick
process.stdout.write(JSON.stringify({ on: ['json_writer', 'swe_calc'].map(nativeModuleOn), answers, tileWarnings }));
`;

function answersWith(off: string): Answers {
  const files = {
    native: built('src/native-module.ts'),
    endpoints: built('src/features/endpoints.ts'),
    tasks: built('src/pool-tasks.ts'),
  };
  const input = JSON.stringify({ files, requests: JSON.parse(JSON.stringify(REQUESTS)) });
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', CHILD], {
    cwd: ROOT,
    env: { ...process.env, NATIVE_MODULES_OFF: off, NATIVE_ANSWERS_INPUT: input },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`the compiled service with NATIVE_MODULES_OFF=${off} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as Answers;
}

describe('the native modules and their JavaScript alternatives', () => {
  it('answer the same bytes', { timeout: 600_000 }, () => {
    const native = answersWith('');
    const alternatives = answersWith('json_writer,swe_calc');
    expect(native.on).toEqual([true, true]);
    expect(alternatives.on).toEqual([false, false]);
    // Both looked the requests' zones up in the tile file (no fallback to decoding geo-tz's data).
    expect([native.tileWarnings, alternatives.tileWarnings]).toEqual([0, 0]);
    expect(native.answers.filter((a) => a.startsWith('error'))).toEqual([]);
    REQUESTS.forEach((request, i) => expect(alternatives.answers[i], `${request.path} ${JSON.stringify(request.body)}`).toBe(native.answers[i]));
  });
});
