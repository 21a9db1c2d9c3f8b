/**
 * `npm run bench:serializer`: the natal answer written the service's way and the conventional
 * ways, the same answers in the same run, in process on one thread. Two requests: the default one,
 * and one with every option (minor aspects, stelliums, dignities, dominants, declination aspects,
 * fixed stars, every extra point, the interpretation block in the improved style). A fresh random
 * birth per answer; in each round every way writes the same answers, one batch after another (the
 * order turning from round to round), timed in CPU time.
 *
 * (a) the JSON tape (the service: runTask('natal'), the cast and the writer);
 * (b) the answer's objects (computeNatal, the tape's oracle) + fast-json-stringify compiled from the
 *     response schema's JSON Schema (z.toJSONSchema, output side), + UTF-8;
 * (b') the same with each nullable primitive given to fast-json-stringify as a type list
 *     (`["string","null"]`) instead of the anyOf that z.toJSONSchema writes, which it checks with Ajv;
 * (c) the objects + JSON.stringify + UTF-8: the baseline, and what src/answers/schema-serializer.ts writes;
 * (d) the objects + zod's parse of the response schema + JSON.stringify + UTF-8: what
 *     fastify-type-provider-zod's serializer compiler does with a route's object.
 * Each way's time from the cast to the bytes is its task's time less the cast's (measured in the
 * same rounds); then the serialisers alone on objects already built, and the schema check
 * (answerProblems: a strict parse and the keys' order) that a checked serializer adds.
 *
 * It also says whether (b)'s bytes are (a)'s, whether they are the same JSON value, and which
 * keys the schema lets through without declaring them. Figures and the machine's description go
 * to bench/results/serializer-<time>.json. Environment: BENCH_ROUNDS (default 25).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod/v4';
import { initEphemeris } from '../src/astro/ephemeris.ts';
import { FEATURE_BODIES } from '../src/astro/bodies.ts';
import { runTask } from '../src/pool-tasks.ts';
import { castNatal, type NatalTask } from '../src/features/western/natal/natal-service.ts';
import { natalRequest, natalResponse } from '../src/features/western/natal/natal-schemas.ts';
import { interpretationOptions } from '../src/requests/interpretation-schema.ts';
import { resolveSubjectPlace } from '../src/requests/place.ts';
import { answerProblems, visitAnswer } from '../src/answers/schema-serializer.ts';
import { computeNatal } from '../test/helpers/answer-oracles.ts';
import { randomBirth } from './births.ts';
import { machineDescription } from './machine.ts';
import { median } from './median.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 25);

const EVERY_OPTION = {
  include_minor: true,
  include_stelliums: true,
  include_dignity: true,
  include_dominants: true,
  include_declination_aspects: true,
  fixed_stars: ['royal_4', 'behenian_15'],
  include_features: [...FEATURE_BODIES],
  interpretation: { enable: true, style: 'improved' },
};

const KINDS = [
  { name: 'default', label: 'default request', batch: 200, body: () => randomBirth() },
  { name: 'every_option', label: 'every option', batch: 40, body: () => ({ ...randomBirth(), ...EVERY_OPTION }) },
] as const;

/** The task the route hands to the compute runner (src/features/western/natal/natal-endpoints.ts). */
function natalTask(body: unknown): NatalTask {
  const request = natalRequest.parse(body);
  return {
    request,
    place: resolveSubjectPlace(request, ['body']),
    includeMinor: request.include_minor ?? request.include_minor_aspects ?? false,
    includeStelliums: request.include_stelliums ?? false,
    interpretation: interpretationOptions(request.interpretation, false),
  };
}

/** The response schema as fast-json-stringify reads it: z.toJSONSchema's output side (as the OpenAPI document has it). */
const jsonSchema = z.toJSONSchema(natalResponse, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>;
delete jsonSchema.$schema;

/** `anyOf: [{type: T}, {type: "null"}]` of a primitive T as `type: [T, "null"]`, which fast-json-stringify writes without Ajv. */
function foldNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(foldNullable);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, foldNullable(v)]));
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2) {
    const other = anyOf.find((s) => s.type !== 'null');
    const isNull = anyOf.find((s) => s.type === 'null' && Object.keys(s).length === 1);
    if (
      isNull &&
      other &&
      ['string', 'number', 'integer', 'boolean'].includes(other.type as string) &&
      Object.keys(other).every((k) => ['type', 'enum', 'minimum', 'maximum', 'description'].includes(k))
    ) {
      delete out.anyOf;
      Object.assign(out, other, { type: [other.type, 'null'] });
    }
  }
  return out;
}

const fjs = fastJson(jsonSchema) as (answer: unknown) => string;
const fjsFolded = fastJson(foldNullable(jsonSchema) as Record<string, unknown>) as (answer: unknown) => string;
const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);
const decoder = new TextDecoder();

interface Task {
  task: NatalTask;
  answer: ReturnType<typeof computeNatal>;
}

/** The ways, each from the task (its cast included) to the answer's bytes. */
const FROM_TASK = {
  cast: (t: Task) => castNatal(t.task),
  tape: (t: Task) => runTask('natal', t.task),
  fjs: (t: Task) => utf8(fjs(computeNatal(t.task))),
  fjs_folded: (t: Task) => utf8(fjsFolded(computeNatal(t.task))),
  json: (t: Task) => utf8(JSON.stringify(computeNatal(t.task))),
  zod_json: (t: Task) => utf8(JSON.stringify(natalResponse.parse(computeNatal(t.task)))),
};
/** The serialisers alone, on the objects already built. */
const FROM_OBJECTS = {
  fjs: (t: Task) => utf8(fjs(t.answer)),
  fjs_folded: (t: Task) => utf8(fjsFolded(t.answer)),
  json: (t: Task) => utf8(JSON.stringify(t.answer)),
  zod_json: (t: Task) => utf8(JSON.stringify(natalResponse.parse(t.answer))),
  check: (t: Task) => answerProblems(natalResponse, t.answer),
};

/** Median CPU µs per answer of each way, over `rounds` rounds of one batch each (after one round of warm-up). */
function measure<K extends string>(ways: Record<K, (t: Task) => unknown>, batches: Task[][]): Record<K, number> {
  const names = Object.keys(ways) as K[];
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  batches.forEach((batch, r) => {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + r) % names.length]!;
      const way = ways[name];
      const before = process.cpuUsage();
      for (const t of batch) way(t);
      const used = process.cpuUsage(before);
      if (r > 0) samples[name].push((used.user + used.system) / batch.length);
    }
  });
  return Object.fromEntries(names.map((n) => [n, median(samples[n])])) as Record<K, number>;
}

/** The JSON value with every object's keys sorted: equal for two texts that differ only in key order. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** What the bytes of (a), (b) and (c) have in common, answer by answer, and what the schema does not declare. */
function compareBytes(tasks: Task[]) {
  const counts = { answers: tasks.length, tape_is_json: 0, fjs_is_tape: 0, fjs_same_value: 0, fjs_folded_is_fjs: 0 };
  const looseKeys = new Set<string>();
  const outOfOrder = new Set<string>();
  let bytes = 0;
  for (const t of tasks) {
    const tape = decoder.decode(runTask('natal', t.task) as Uint8Array);
    const json = JSON.stringify(t.answer);
    const written = fjs(t.answer);
    bytes += tape.length;
    if (tape === json) counts.tape_is_json++;
    if (written === tape) counts.fjs_is_tape++;
    if (isDeepStrictEqual(sortedKeys(JSON.parse(written)), sortedKeys(JSON.parse(tape)))) counts.fjs_same_value++;
    if (fjsFolded(t.answer) === written) counts.fjs_folded_is_fjs++;
    visitAnswer(natalResponse, t.answer, (node) => {
      if (node.kind === 'object') for (const key of node.loose) looseKeys.add(`${node.field}.${key}`);
    });
    for (const problem of answerProblems(natalResponse, JSON.parse(tape))) outOfOrder.add(problem.replace(/\[\d+\]/g, '[]'));
  }
  return { ...counts, mean_bytes: Math.round(bytes / tasks.length), loose_keys: [...looseKeys], schema_problems: [...outOfOrder] };
}

initEphemeris();
const record: Record<string, unknown> = { date: new Date().toISOString(), machine: machineDescription(), rounds };
const WAYS: [keyof typeof FROM_TASK, string][] = [
  ['tape', '(a) JSON tape (the service)'],
  ['fjs', '(b) objects + fast-json-stringify'],
  ['fjs_folded', "(b') the same, nullables as type lists"],
  ['json', '(c) objects + JSON.stringify (baseline)'],
  ['zod_json', '(d) objects + zod parse + JSON.stringify'],
];
const results: Record<string, { fromCast: Record<string, number>; objects: Record<string, number>; bytes: ReturnType<typeof compareBytes> }> = {};
for (const kind of KINDS) {
  const batches = Array.from({ length: rounds + 1 }, () =>
    Array.from({ length: kind.batch }, () => {
      const task = natalTask(kind.body());
      return { task, answer: computeNatal(task) };
    }),
  );
  const fromTask = measure(FROM_TASK, batches);
  const fromCast = Object.fromEntries(Object.entries(fromTask).map(([k, v]) => [k, k === 'cast' ? v : v - fromTask.cast]));
  const objects = measure(FROM_OBJECTS, batches);
  results[kind.name] = { fromCast, objects, bytes: compareBytes(batches.flat()) };
  console.error(`${kind.label}: measured`);
}

const [d, e] = [results.default!, results.every_option!];
const cell = (us: number, base: number) => `${us.toFixed(1).padStart(8)} µs ${(us / base).toFixed(2).padStart(6)}`;
console.log(
  `\nnatal answer serialisers, in process, one thread: median CPU µs per answer of ${rounds} alternating rounds (batches of ${KINDS[0].batch} default and ${KINDS[1].batch} every-option answers, a fresh random birth each); ratio to (c)`,
);
console.log(
  `answer size: default ${(d.bytes.mean_bytes / 1000).toFixed(1)} KB, every option ${(e.bytes.mean_bytes / 1000).toFixed(1)} KB; the cast alone ${d.fromCast.cast!.toFixed(1)} / ${e.fromCast.cast!.toFixed(1)} µs`,
);
console.log(`${'from the cast to the bytes'.padEnd(46)} ${'default request'.padStart(17)} ${'every option'.padStart(17)}`);
for (const [way, label] of WAYS) console.log(`${label.padEnd(46)} ${cell(d.fromCast[way]!, d.fromCast.json!)} ${cell(e.fromCast[way]!, e.fromCast.json!)}`);
console.log('the serialiser alone, on the objects already built');
const OBJECT_WAYS: [keyof typeof FROM_OBJECTS, string][] = [
  ['fjs', '(b) fast-json-stringify + UTF-8'],
  ['fjs_folded', "(b') the same, nullables as type lists"],
  ['json', '(c) JSON.stringify + UTF-8 (baseline)'],
  ['zod_json', '(d) zod parse + JSON.stringify + UTF-8'],
  ['check', 'the schema check alone (answerProblems)'],
];
for (const [way, label] of OBJECT_WAYS) console.log(`${label.padEnd(46)} ${cell(d.objects[way]!, d.objects.json!)} ${cell(e.objects[way]!, e.objects.json!)}`);
for (const kind of KINDS) {
  const b = results[kind.name]!.bytes;
  console.log(
    `\n${kind.label}, ${b.answers} answers: (c)'s text is (a)'s in ${b.tape_is_json}; (b)'s bytes are (a)'s in ${b.fjs_is_tape}, the same JSON value (keys in another order) in ${b.fjs_same_value}; (b') writes (b)'s bytes in ${b.fjs_folded_is_fjs}`,
  );
  console.log(
    `  keys the schema admits only through a loose object (written by fast-json-stringify as JSON.stringify writes them): ${b.loose_keys.join(', ') || 'none'}`,
  );
  console.log(`  where the tape's answers disagree with the schema (strict parse; keys' order): ${b.schema_problems.join('; ') || 'nowhere'}`);
}
record.natal = results;
const file = path.join(import.meta.dirname, 'results', `serializer-${String(record.date).slice(0, 19).replace(/:/g, '-')}.json`);
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
console.log(`\nrecorded in ${path.relative(process.cwd(), file)}`);
