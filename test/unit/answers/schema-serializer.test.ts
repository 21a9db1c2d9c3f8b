/**
 * The serializer made from an answer's schema (src/answers/schema-serializer.ts) writes the
 * UTF-8 bytes of JSON.stringify, and its check (and the contract helper over bytes) refuses what
 * disagrees with the schema: keys it lacks at any depth (in arrays, records, union options),
 * wrong types, integers that are not, values outside an enum or a literal, null where the schema
 * does not allow it, missing fields, numbers JSON cannot write (NaN and the infinities, which it
 * writes as null) and keys out of the schema's order. Schemas whose parse would change the value
 * are refused when the serializer is made.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { AnswerContractError, answerProblems, embeddedAnswer, schemaSerializer, strictSchema } from '../../../src/answers/schema-serializer.ts';
import { answerContract, assertAnswerContract, schemaFields } from '../../helpers/answer-contract.ts';
import { ODD_TEXT } from '../../helpers/answer-writer-cases.ts';

const point = z.object({ id: z.string(), lon: z.number(), house: z.number().int().optional(), tags: z.array(z.string()) });
const event = z.union([
  z.object({ kind: z.literal('ingress'), body: z.string(), sign: z.enum(['aries', 'taurus']) }),
  z.object({ kind: z.literal('station'), body: z.string(), direction: z.enum(['retrograde', 'direct']) }),
]);
const answer = z.object({
  name: z.string(),
  rising: z.string().nullable().describe('null without a birth time'),
  points: z.array(point),
  grid: z.array(z.array(z.number())),
  by_sign: z.record(z.string(), z.number().int()),
  events: z.array(event),
  note: z.string().optional(),
  status: z.literal('done'),
  provenance: z.object({}).passthrough(),
});
type Answer = z.output<typeof answer>;

const good = (): Answer => ({
  name: 'Ada',
  rising: null,
  points: [
    { id: 'sun', lon: 12.5, house: 10, tags: ['fire'] },
    { id: 'moon', lon: 201.25, tags: [] },
  ],
  grid: [[1, 2.5], [], [-3]],
  by_sign: { aries: 2, 'odd "key"': 0 },
  events: [
    { kind: 'ingress', body: 'mars', sign: 'aries' },
    { kind: 'station', body: 'venus', direction: 'retrograde' },
  ],
  note: undefined, // in its place, for the tests that give it a value
  status: 'done',
  provenance: { engine: 'swisseph', files: ['sepl_18.se1'] },
});

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);
const unchecked = schemaSerializer(answer);
const checked = schemaSerializer(answer, { check: true });

/** The problems the checked serializer throws for an answer (none when it writes it). */
function refusal(value: unknown): readonly string[] {
  try {
    checked(value as Answer);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(AnswerContractError);
    return (error as AnswerContractError).problems;
  }
}

describe('schemaSerializer', () => {
  it('writes the UTF-8 bytes of JSON.stringify, checked or not', () => {
    const a = good();
    expect(text(unchecked(a))).toBe(JSON.stringify(a));
    expect(Buffer.from(checked(a)).equals(Buffer.from(JSON.stringify(a), 'utf8'))).toBe(true);
    expect(unchecked.schema).toBe(answer);
  });

  it("places an embedded answer's bytes where it stands, byte for byte, among text in any script", () => {
    const inner = z.object({ id: z.string(), lon: z.number() });
    const outer = z.object({ title: z.string(), a: inner, list: z.array(inner), b: inner.nullable(), after: z.string() });
    const write = schemaSerializer(outer);
    const writeChecked = schemaSerializer(outer, { check: true });
    const innerBytes = (id: string, lon: number) => Buffer.from(JSON.stringify({ id, lon }), 'utf8');
    const a = { id: 'α ☉ 𝔄', lon: 1.5 };
    const value = {
      title: ODD_TEXT.join(' '),
      a: embeddedAnswer<z.output<typeof inner>>(innerBytes(a.id, a.lon)),
      list: [embeddedAnswer<z.output<typeof inner>>(innerBytes('x', 2)), { id: 'y', lon: 3 }],
      b: null,
      after: '日本 ♆',
    };
    const plain = {
      ...value,
      a,
      list: [
        { id: 'x', lon: 2 },
        { id: 'y', lon: 3 },
      ],
    };
    expect(text(write(value))).toBe(JSON.stringify(plain));
    expect(text(writeChecked(value))).toBe(JSON.stringify(plain));
    // The same serializer writes plain answers as before.
    expect(text(write(plain))).toBe(JSON.stringify(plain));
  });

  it("writes a string that imitates an embedded answer's marker as a string, and checks embedded bytes against the schema", () => {
    const inner = z.object({ id: z.string(), lon: z.number() });
    const outer = z.object({ a: inner, note: z.string() });
    const value = { a: embeddedAnswer<z.output<typeof inner>>(Buffer.from('{"id":"x","lon":1}')), note: '\u00000' };
    expect(text(schemaSerializer(outer)(value))).toBe('{"a":{"id":"x","lon":1},"note":"\\u00000"}');
    const wrong = { a: embeddedAnswer<z.output<typeof inner>>(Buffer.from('{"id":"x","lon":"1"}')), note: 'n' };
    expect(() => schemaSerializer(outer, { check: true })(wrong)).toThrow(AnswerContractError);
  });

  it('refuses a key the schema lacks, at the top, in an array item, in a record value and in a union option', () => {
    const cases: [(a: Record<string, any>) => void, string][] = [
      [
        (a) => {
          a.extra = 1;
        },
        '(answer): Unrecognized key: "extra"',
      ],
      [
        (a) => {
          a.points[1].speed = 0.98;
        },
        'points[1]: Unrecognized key: "speed"',
      ],
      [
        (a) => {
          a.events[0].orb = 1;
        },
        'events[0]',
      ],
      [
        (a) => {
          a.by_sign.gemini = 'three';
        },
        'by_sign.gemini',
      ],
    ];
    for (const [change, problem] of cases) {
      const a = good() as Record<string, any>;
      change(a);
      expect(refusal(a).join('\n')).toContain(problem);
      // Unchecked, the key is written as it is (JSON.stringify hides nothing), so the contract over the bytes sees it.
      expect(text(unchecked(a as Answer))).toBe(JSON.stringify(a));
      expect(() => assertAnswerContract(answer, [unchecked(a as Answer)])).toThrow(problem);
    }
  });

  it('refuses wrong types, integers that are not, values outside an enum or a literal, and missing fields', () => {
    const cases: [(a: Record<string, any>) => void, string][] = [
      [
        (a) => {
          a.name = 42;
        },
        'name: Invalid input: expected string, received number',
      ],
      [
        (a) => {
          a.points[0].lon = '12.5';
        },
        'points[0].lon: Invalid input: expected number, received string',
      ],
      [
        (a) => {
          a.points[0].house = 10.5;
        },
        'points[0].house',
      ],
      [
        (a) => {
          a.grid[2][0] = true;
        },
        'grid[2][0]',
      ],
      [
        (a) => {
          a.events[1].direction = 'sideways';
        },
        'events[1]',
      ],
      [
        (a) => {
          a.status = 'queued';
        },
        'status',
      ],
      [
        (a) => {
          delete a.points;
        },
        'points: Invalid input: expected array, received undefined',
      ],
      [
        (a) => {
          a.points[0].tags = 'fire';
        },
        'points[0].tags',
      ],
    ];
    for (const [change, problem] of cases) {
      const a = good() as Record<string, any>;
      change(a);
      expect(refusal(a).join('\n')).toContain(problem);
    }
  });

  it('takes optional fields absent or undefined, nullable ones null, and refuses null elsewhere', () => {
    const a = good();
    a.points[0]!.house = undefined; // JSON leaves it out
    a.note = undefined;
    expect(refusal(a)).toEqual([]);
    expect(text(checked(a))).toBe(JSON.stringify(a));
    expect(refusal({ ...good(), rising: 'Leo' })).toEqual([]);
    expect(refusal({ ...good(), note: null }).join()).toContain('note: Invalid input: expected string, received null');
    expect(refusal({ ...good(), rising: undefined }).join()).toContain('rising');
  });

  it('writes -0, NaN and the infinities as JSON.stringify does (0 and null), and its check refuses the three that JSON cannot carry', () => {
    for (const n of [-0, NaN, Infinity, -Infinity]) {
      const a = good();
      a.points[0]!.lon = n;
      a.grid[0]![1] = n;
      expect(text(unchecked(a))).toBe(JSON.stringify(a));
      const problems = refusal(a);
      if (Number.isFinite(n)) {
        expect(problems).toEqual([]);
        expect(text(unchecked(a))).toContain('"lon":0,');
      } else {
        expect(problems).toContain(`points[0].lon: Invalid input: expected number, received ${String(n)}: JSON writes ${n} as null`);
        expect(problems.join()).toContain('grid[0][1]');
        // What the client would get: null where the schema says number.
        expect(() => assertAnswerContract(answer, [unchecked(a)])).toThrow('points[0].lon: Invalid input: expected number, received null');
      }
    }
  });

  it('escapes strings as JSON.stringify does and writes text outside the BMP as four UTF-8 bytes', () => {
    const samples = [
      ...ODD_TEXT,
      'quote " backslash \\ slash /',
      '\u0000\u0001\b\f\n\r\t\u001f\u007f',
      'line\u2028para\u2029',
      'lone low \udc00 and high \ud83c',
      '𝄞 music, 🌟 star, 𠀀 ideograph',
      'x'.repeat(5000) + '"\n',
    ];
    for (const sample of samples) {
      const a = { ...good(), name: sample, by_sign: { [sample]: 1 } };
      const bytes = unchecked(a);
      expect(Buffer.from(bytes).equals(Buffer.from(JSON.stringify(a), 'utf8'))).toBe(true);
      expect(JSON.parse(text(bytes))).toEqual(JSON.parse(JSON.stringify(a)));
      expect(refusal(a)).toEqual([]);
    }
    const star = unchecked({ ...good(), name: '🌟' });
    expect(text(star)).toContain('"name":"🌟"');
    expect(Buffer.from(star).includes(Buffer.from([0xf0, 0x9f, 0x8c, 0x9f]))).toBe(true);
    // A lone surrogate is written escaped (JSON.stringify's well-formed output), so the bytes stay valid UTF-8.
    expect(text(unchecked({ ...good(), name: 'a\ud800b' }))).toContain('"name":"a\\ud800b"');
  });

  it('takes the union option that parses, and refuses a value that none does', () => {
    expect(refusal({ ...good(), events: [{ kind: 'station', body: 'mars', direction: 'direct' }] })).toEqual([]);
    expect(refusal({ ...good(), events: [{ kind: 'station', body: 'mars', sign: 'aries' }] }).join()).toContain('events[0]');
  });

  it("refuses keys out of the schema's order, where they are", () => {
    const a = good();
    const reordered = Object.assign({ rising: a.rising }, a, { points: [{ lon: 1, id: 'sun', tags: [] }] });
    expect(refusal(reordered)).toEqual([
      '(answer): "name" comes after "rising", the schema has it before',
      'points[0]: "id" comes after "lon", the schema has it before',
    ]);
    expect(answerProblems(answer, reordered, { order: false })).toEqual([]);
    // Keys a loose object admits may come anywhere.
    expect(refusal({ ...a, provenance: { zeta: 1, alpha: [2] } })).toEqual([]);
  });

  it('leaves objects the schema made loose as they are, and makes the others strict at every depth', () => {
    const strict = strictSchema(answer);
    expect(strict.safeParse({ ...good(), provenance: { anything: { at: ['all'] } } }).success).toBe(true);
    expect(strict.safeParse({ ...good(), extra: 1 }).success).toBe(false);
    expect(answer.safeParse({ ...good(), extra: 1 }).success).toBe(true); // the schema itself strips, as zod does
    expect(strictSchema(answer)).toBe(strict); // made once
  });

  it('refuses, when it is made, a schema that parsing would change or that JSON cannot carry', () => {
    const refused: [string, z.ZodType][] = [
      ['default', z.object({ a: z.string().default('x') })],
      ['pipe', z.object({ a: z.string().transform((s) => s.length) })],
      ['date', z.object({ a: z.date() })],
      ['bigint', z.object({ a: z.bigint() })],
      ['catch', z.object({ a: z.number().catch(0) })],
      ['intersection', z.intersection(z.object({ a: z.number() }), z.object({ b: z.number() }))],
      ['map', z.object({ a: z.map(z.string(), z.number()) })],
    ];
    for (const [kind, schema] of refused) expect(() => schemaSerializer(schema), kind).toThrow(`cannot hold a ${kind} schema`);
    expect(() => schemaSerializer(z.object({ a: z.tuple([z.number(), z.string()]), b: z.lazy(() => z.array(z.number())).optional() }))).not.toThrow();
  });
});

describe('the answer contract helper', () => {
  it('names every field of the schema', () => {
    expect(schemaFields(answer)).toEqual([
      'name',
      'rising',
      'points',
      'points[]',
      'points[].id',
      'points[].lon',
      'points[].house',
      'points[].tags',
      'points[].tags[]',
      'grid',
      'grid[]',
      'grid[][]',
      'by_sign',
      'by_sign{}',
      'events',
      'events[]',
      'events[]|0',
      'events[]|0.kind',
      'events[]|0.body',
      'events[]|0.sign',
      'events[]|1',
      'events[]|1.kind',
      'events[]|1.body',
      'events[]|1.direction',
      'note',
      'status',
      'provenance',
    ]);
  });

  it('passes answers that hold every field between them, and says which fields none holds', () => {
    const withNote = { ...good(), rising: 'Leo', note: 'n' };
    expect(() => assertAnswerContract(answer, [unchecked(good()), JSON.stringify(withNote)], { loose: { provenance: 'engine details' } })).not.toThrow();
    const report = answerContract(answer, [unchecked(good())]);
    // rising is null in every answer: its type was never tried.
    expect(report.unseen).toEqual(['rising', 'note']);
    expect(() => assertAnswerContract(answer, [unchecked(good())], { loose: { provenance: 'engine details' } })).toThrow(
      'fields of the schema that no answer holds (or only as null): rising, note',
    );
    const noEvents = { ...withNote, events: [], grid: [[]] };
    expect(answerContract(answer, [unchecked(noEvents)]).unseen).toEqual([
      'grid[][]',
      'events[]',
      'events[]|0',
      'events[]|0.kind',
      'events[]|0.body',
      'events[]|0.sign',
      'events[]|1',
      'events[]|1.kind',
      'events[]|1.body',
      'events[]|1.direction',
    ]);
  });

  it('takes fields listed as absent, with their reason, only while no answer holds them', () => {
    const absentNote = { absent: { note: 'only some answers', rising: 'untimed' }, loose: { provenance: 'engine details' } };
    expect(() => assertAnswerContract(answer, [unchecked(good())], absentNote)).not.toThrow();
    expect(() => assertAnswerContract(answer, [unchecked({ ...good(), note: 'n' })], absentNote)).toThrow(
      'fields listed as absent that the schema lacks or an answer holds: note',
    );
    expect(() => assertAnswerContract(answer, [unchecked(good())], { ...absentNote, absent: { ...absentNote.absent, nothing: 'no such field' } })).toThrow(
      'nothing',
    );
  });

  it('lists the keys that only a loose object admits, and fails on those not declared', () => {
    const a = { ...good(), rising: 'Leo', note: 'n' };
    const report = answerContract(answer, [unchecked(a)]);
    expect(report.looseKeys).toEqual(['provenance.engine', 'provenance.files']);
    expect(() => assertAnswerContract(answer, [unchecked(a)])).toThrow(
      'keys that the schema does not describe (only a loose object admits them): provenance.engine, provenance.files',
    );
    expect(() => assertAnswerContract(answer, [unchecked({ ...a, provenance: {} })], { loose: { provenance: 'engine details' } })).toThrow(
      'objects listed as loose through which no key went: provenance',
    );
  });

  it('reports keys out of order by place, and fails on them unless told not to', () => {
    const a = { ...good(), rising: 'Leo', note: 'n' };
    const b = { ...a, points: [{ lon: 1, id: 'sun', house: 1, tags: ['x'] }] };
    const report = answerContract(answer, [unchecked(a), unchecked(b)]);
    expect(report.orderProblems).toEqual(['points[]: "id" comes after "lon", the schema has it before (1 answers)']);
    expect(() => assertAnswerContract(answer, [unchecked(b)], { loose: { provenance: '' } })).toThrow("keys out of the schema's order");
    expect(() => assertAnswerContract(answer, [unchecked(b)], { loose: { provenance: '' }, order: false })).not.toThrow();
  });

  it('refuses bytes that are not JSON in UTF-8', () => {
    expect(answerContract(answer, [new Uint8Array([0x7b, 0xff, 0x7d])]).problems[0]).toMatch(/^answer 0: not JSON in UTF-8/);
  });
});
