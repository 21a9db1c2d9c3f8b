/**
 * The divisional charts of a request: each asked division's sign for the lagna and the nine
 * grahas (src/astro/vedic/vargas.ts), with whole-sign houses from the varga's lagna.
 */
import { GRAHAS, SIGN_LORDS, signDistance } from '../../astro/vedic/grahas.ts';
import type { VedicChart } from '../../astro/vedic/sidereal-chart.ts';
import { VARGA_NAMES, vargaSign, type VargaDivision, type VargaMethods } from '../../astro/vedic/vargas.ts';
import { castVedic, grahaName, signNameOf, vedicMetadata, vedicSubject, type VedicTask } from './vedic-service.ts';
import { DEFAULT_DIVISIONS, type VedicVargasRequest, type VedicVargasV1Answer, type VedicVargasV2Answer } from './vedic-vargas-schemas.ts';

/** The divisions a request asks for, each once, in the order asked. */
export function requestedDivisions(request: { divisions?: number[] | undefined; vargas?: number[] | undefined }): VargaDivision[] {
  return [...new Set(request.divisions ?? request.vargas ?? DEFAULT_DIVISIONS)] as VargaDivision[];
}

export function vargaMethodsOf(request: Pick<VedicVargasRequest, 'hora_method' | 'drekkana_method' | 'trimsamsa_method'>): VargaMethods {
  return { hora: request.hora_method, drekkana: request.drekkana_method, trimsamsa: request.trimsamsa_method };
}

/** The degree in the varga sign: the degree in the rasi sign times the division, modulo 30. */
const vargaDegree = (degreeInSign: number, n: number) => (degreeInSign * n) % 30;

function methodOf(n: VargaDivision, methods: VargaMethods): string {
  return n === 2 ? methods.hora : n === 3 ? methods.drekkana : n === 30 ? methods.trimsamsa : 'parashara';
}

/** One varga in the v1 shape (`sign_num`); the v2 shape renames it. */
export function vargaChart(chart: VedicChart, n: VargaDivision, methods: VargaMethods) {
  const lagnaSign = chart.lagna ? vargaSign(chart.lagna.longitude, n, methods) : undefined;
  const planets = chart.grahas.map((g) => ({ g, sign: vargaSign(g.longitude, n, methods) }));
  // Without a lagna, the varga's houses count from the varga Moon (as the rasi's from the Moon's sign).
  const reference = lagnaSign ?? planets[1]!.sign;
  return {
    division: n,
    name: VARGA_NAMES[n],
    method: methodOf(n, methods),
    ascendant:
      chart.lagna && lagnaSign !== undefined
        ? { sign: signNameOf(lagnaSign), sign_num: lagnaSign + 1, degree: vargaDegree(chart.lagna.degreeInSign, n) }
        : null,
    planets: planets.map(({ g, sign }) => ({
      id: g.id,
      name: GRAHAS[g.id].name,
      sign: signNameOf(sign),
      sign_num: sign + 1,
      degree: vargaDegree(g.degreeInSign, n),
      house: signDistance(reference, sign),
      vargottama: sign === g.signIndex,
    })),
    houses: Array.from({ length: 12 }, (_, i) => {
      const sign = (reference + i) % 12;
      return { house: i + 1, sign: signNameOf(sign), sign_num: sign + 1, lord: grahaName(SIGN_LORDS[sign]!) };
    }),
  };
}

/** Grahas (and the lagna) in the same sign in D1 and D9. */
export function vargottamaOf(chart: VedicChart): string[] {
  const out = chart.grahas.filter((g) => vargaSign(g.longitude, 9) === g.signIndex).map((g) => g.name);
  if (chart.lagna && vargaSign(chart.lagna.longitude, 9) === chart.lagna.signIndex) out.push('Ascendant');
  return out;
}

export function computeVedicVargasV1(task: VedicTask<VedicVargasRequest>): VedicVargasV1Answer {
  const cast = castVedic(task);
  const methods = vargaMethodsOf(task.request);
  const vargas: VedicVargasV1Answer['vargas'] = {};
  for (const n of requestedDivisions(task.request)) vargas[`D${n}`] = vargaChart(cast.chart, n, methods);
  return {
    subject: vedicSubject(task, cast),
    vargas,
    vargottama: vargottamaOf(cast.chart),
    varga_methods: methods,
    metadata: vedicMetadata(cast),
    warnings: cast.warnings,
  };
}

/** The v2 shape of one varga: `sign_id` for `sign_num`. */
export function vargaChartV2(v1: VedicVargasV1Answer['vargas'][string]): VedicVargasV2Answer['vargas'][string] {
  return {
    division: v1.division,
    name: v1.name,
    method: v1.method,
    ascendant: v1.ascendant && { sign: v1.ascendant.sign, sign_id: v1.ascendant.sign_num, degree: v1.ascendant.degree },
    planets: v1.planets.map((p) => ({ id: p.id, name: p.name, sign: p.sign, sign_id: p.sign_num, degree: p.degree, house: p.house, vargottama: p.vargottama })),
    houses: v1.houses.map((h) => ({ house: h.house, sign: h.sign, sign_id: h.sign_num, lord: h.lord })),
  };
}

export function computeVedicVargasV2(task: VedicTask<VedicVargasRequest>): VedicVargasV2Answer {
  const v1 = computeVedicVargasV1(task);
  const vargas: VedicVargasV2Answer['vargas'] = {};
  for (const [key, chart] of Object.entries(v1.vargas)) vargas[key] = vargaChartV2(chart);
  return { ...v1, vargas };
}
