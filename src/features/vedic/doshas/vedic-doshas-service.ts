/** POST /api/v1|v2/vedic/doshas: one cast of the chart, read for Mangal dosha, Kaal Sarp and Sade Sati (src/astro/vedic/doshas/). */
import { SIGNS, signIndexOf } from '../../../astro/zodiac.ts';
import { doshaChartOf } from '../../../astro/vedic/doshas/dosha-chart.ts';
import { mangalDosha } from '../../../astro/vedic/doshas/mangal-dosha.ts';
import { kaalSarp, type KaalSarp } from '../../../astro/vedic/doshas/kaal-sarp.ts';
import { castVedic, vedicMetadata, vedicSubject, type VedicTask } from '../vedic-service.ts';
import { referenceMs } from '../vedic-dasha-service.ts';
import { mangalDoshaJson } from './mangal-block.ts';
import { sadeSatiFullBlock } from './sade-sati-block.ts';
import type { VedicDoshasAnswer, VedicDoshasRequest } from './vedic-doshas-schemas.ts';

export interface VedicDoshasTask extends VedicTask<VedicDoshasRequest> {
  /** "Now", when the request names no date. */
  nowMs: number;
}

function kaalSarpWords(k: KaalSarp): string {
  if (!k.present) return 'No Kaal Sarp: the grahas lie on both sides of the Rahu–Ketu axis.';
  const arc = k.direction === 'rahu_to_ketu' ? 'from Rahu to Ketu' : 'from Ketu to Rahu';
  const name = k.type ? `${k.type} Kaal Sarp (Rahu in house ${k.rahuHouse})` : 'Kaal Sarp (type not named: no lagna)';
  if (k.kind === 'full') return `${name}, full: all seven grahas lie on the arc ${arc}.`;
  if (k.outside) return `${name}, partial: the grahas lie on the arc ${arc} except ${k.outside}, which is in a node's sign just past it.`;
  return `${name}, partial: all seven grahas lie on the arc ${arc}, but ${k.conjunctNodes.join(', ')} ${k.conjunctNodes.length > 1 ? 'are' : 'is'} in a node's sign.`;
}

export function kaalSarpJson(k: KaalSarp, rahuLon: number, ketuLon: number): VedicDoshasAnswer['kaal_sarp'] {
  return {
    present: k.present,
    active: k.present,
    kind: k.kind,
    direction: k.direction,
    type: k.type,
    rahu_house: k.rahuHouse,
    rahu_sign: SIGNS[signIndexOf(rahuLon)]!.name,
    ketu_sign: SIGNS[signIndexOf(ketuLon)]!.name,
    rahu_to_ketu: k.rahuToKetu,
    ketu_to_rahu: k.ketuToRahu,
    outside: k.outside,
    conjunct_nodes: k.conjunctNodes,
    description: kaalSarpWords(k),
  };
}

export function computeVedicDoshas(task: VedicDoshasTask): VedicDoshasAnswer {
  const cast = castVedic(task);
  const { chart } = cast;
  const doshaChart = doshaChartOf(chart);
  const refMs = referenceMs(task.request.date ?? task.request.reference_date, task.nowMs, cast, task.place, [
    'body',
    task.request.date !== undefined ? 'date' : 'reference_date',
  ]);
  const warnings = [...cast.warnings];
  if (!chart.lagna)
    warnings.push(
      "Birth time unknown: Mangal dosha is counted from the Moon and Venus only (not the lagna), and the Kaal Sarp type (named by Rahu's house from the lagna) is not given.",
    );
  const moon = chart.grahas[1]!;
  return {
    subject: vedicSubject(task, cast),
    mangal_dosha: mangalDoshaJson(mangalDosha(doshaChart, task.request.mangal_school)),
    kaal_sarp: kaalSarpJson(kaalSarp(doshaChart), doshaChart.longitudes.rahu, doshaChart.longitudes.ketu),
    sade_sati: sadeSatiFullBlock(moon.signIndex, refMs, chart.jdUt, chart.ayanamsa.name),
    metadata: vedicMetadata(cast),
    warnings,
  };
}
