import { readFixture } from '../../helpers/fixtures.ts';
import { getRegistry, runProfileRequest } from '../../../src/numerology/index.ts';
import type { EngineResponse, ProfileRequestContext } from '../../../src/numerology/index.ts';

export interface Vector {
  id: string;
  system: string;
  profile_id: string;
  calculation: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown> & { error?: { code: string; field: string } };
  tags: string[];
  source_checked: boolean;
}

export interface VectorFile {
  count: number;
  source_checked_count: number;
  vectors: Vector[];
}

export function loadVectors(): VectorFile {
  return readFixture<VectorFile>('numerology/vectors.json');
}

export const CTX: ProfileRequestContext = {
  instance: '/api/v1/numerology/profile',
  traceId: 'trace-test-0001',
  now: new Date('2024-06-15T12:00:00Z'),
};

export function firstPolicyCombination(system: string, profileId: string): { master_policy: string; compound_policy: string } {
  const entry = getRegistry().systems.find((s) => s.system === system);
  const profile = entry?.profiles.find((p) => p.id === profileId);
  const combo = profile?.policy_combinations[0];
  if (!combo) throw new Error(`no policy combination for ${system}/${profileId}`);
  return { master_policy: combo.master_policy, compound_policy: combo.compound_policy };
}

/** The request an integrator builds for a vector. */
export function requestForVector(v: Vector): Record<string, unknown> {
  return {
    method: { system: v.system, profile: v.profile_id, ...firstPolicyCombination(v.system, v.profile_id) },
    ...v.input,
    calculations: [v.calculation],
  };
}

export function run(body: unknown, ctx: Partial<ProfileRequestContext> = {}): EngineResponse {
  return runProfileRequest(body, { ...CTX, ...ctx });
}

export type AnyJson = any;

export function okBody(res: EngineResponse): AnyJson {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

export function calc(body: Record<string, unknown>, slug: string): AnyJson {
  return okBody(run(body)).data.calculations[slug];
}
