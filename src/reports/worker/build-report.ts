/**
 * One report's work, from the stored birth data to its artefacts: the chart (the natal task),
 * the text (composeReport), the cover wheel (our renderer's SVG) and the PDF, plus a second PDF
 * with the owner's branding logo when they have one (GET may ask for either).
 */
import { createHash } from 'node:crypto';
import type { ComputeRunner } from '../../compute/runner.ts';
import { decodeBinaryResponse } from '../../compute/binary-response.ts';
import type { NatalChartInput } from '../../interpretations/chart-input.ts';
import { composeReport, type ComposedReport } from '../text/compose-report.ts';
import { reportSkyTask, type ReportSky } from '../sky/report-sky.ts';
import { natalChartRequest } from '../../features/charts/charts-schemas.ts';
import { natalChartTask } from '../../features/charts/charts-endpoints.ts';
import { natalTask } from '../../features/western/natal/natal-endpoints.ts';
import type { NatalRequest } from '../../features/western/natal/natal-schemas.ts';
import type { ResolvedPlace } from '../../requests/place.ts';
import type { PsychologicalReportRequest } from '../http/report-schemas.ts';
import type { ReportArtefacts } from '../store/report-jobs.ts';
import { footerTemplate } from '../pdf/report-document.ts';
import { renderReportPdf } from '../pdf/report-pdf.ts';
import { pdfPageCount, type PdfRenderer } from '../pdf/pdf-renderer.ts';

/** What a job row keeps of the submit: the validated natal request and its resolved place. */
export interface StoredBirth {
  request: NatalRequest;
  place: ResolvedPlace;
}

export type ReportOptions = Omit<PsychologicalReportRequest, 'enabled' | 'mode'>;

export interface BuildDeps {
  compute: ComputeRunner;
  renderer: PdfRenderer;
  renderTimeoutMs: number;
  logo: { contentType: string; bytes: Buffer } | null;
  onStage?: (progress: number, stage: string) => Promise<void>;
}

const CHART_FIELDS = [
  'name',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'time_known',
  'city',
  'country',
  'lat',
  'lng',
  'tz_str',
  'timezone',
  'dst_policy',
  'house_system',
  'zodiac_type',
  'sidereal_ayanamsa',
  'node_type',
] as const;

async function wheelSvg(compute: ComputeRunner, birth: StoredBirth): Promise<string> {
  const fields = Object.fromEntries(CHART_FIELDS.filter((k) => birth.request[k] !== undefined && birth.request[k] !== null).map((k) => [k, birth.request[k]]));
  const request = natalChartRequest.parse({ ...fields, format: 'svg', size: 700, show_metadata: false });
  const image = decodeBinaryResponse(await compute.run(natalChartTask, { request, place: birth.place }));
  return image.body.toString('utf8');
}

export async function composeFromBirth(
  compute: ComputeRunner,
  birth: StoredBirth,
  options: ReportOptions,
): Promise<{ chart: NatalChartInput; report: ComposedReport }> {
  const natal = await compute.run(natalTask, { request: birth.request, place: birth.place, includeMinor: false, includeStelliums: false });
  const chart = JSON.parse(natal.toString('utf8')) as NatalChartInput;
  // The ephemeris work beyond the chart (an untimed birth's whole-day Moon) runs in the compute pool too.
  const sky = JSON.parse((await compute.run(reportSkyTask, { chart })).toString('utf8')) as ReportSky;
  return { chart, report: composeReport(chart, { style: options.style, sky }) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function buildReport(deps: BuildDeps, birth: StoredBirth, options: ReportOptions): Promise<ReportArtefacts> {
  const stage = deps.onStage ?? (async () => {});
  await stage(10, 'chart');
  // The cover wheel needs only the birth: drawn while the text is composed. (Marked handled at once:
  // when composing fails first, its failure is the job's, and the wheel's is not left unhandled.)
  const drawing = options.include_chart_in_pdf ? wheelSvg(deps.compute, birth) : Promise.resolve(null);
  drawing.catch(() => {});
  const { report } = await composeFromBirth(deps.compute, birth, options);
  const wheel = await drawing;
  await stage(40, 'rendering');
  const document = { report, wheelSvg: wheel, footerLabel: options.pdf_footer_label ?? null };
  const pdf = await renderReportPdf(
    deps.renderer,
    { ...document, logo: null },
    { footerHtml: footerTemplate({ ...document, logo: null }), timeoutMs: deps.renderTimeoutMs },
  );
  let pdfBranded: Buffer | null = null;
  if (deps.logo) {
    await stage(70, 'rendering');
    pdfBranded = await renderReportPdf(
      deps.renderer,
      { ...document, logo: null },
      { footerHtml: footerTemplate({ ...document, logo: deps.logo }), timeoutMs: deps.renderTimeoutMs },
    );
  }
  await stage(90, 'storing');
  return {
    markdown: report.markdown,
    sections: report.sections,
    pdf,
    pdfBranded,
    pageCount: pdfPageCount(pdf),
    pdfSha256: sha256(pdf),
    pdfBrandedSha256: pdfBranded ? sha256(pdfBranded) : null,
  };
}
