/**
 * Ordering a natal report as the signed-in account (the dashboard's birth form, or any client
 * with a dashboard token): the birth and chart settings of POST /api/v1/natal/calculate, and the
 * report's own options. It costs one credit, as with an API key; the demo subject costs none.
 */
import { z } from 'zod/v4';
import { birthFields, chartSettingsFields } from '../../requests/birth-schema.ts';
import { psychologicalReportRequest } from '../../reports/http/report-schemas.ts';
import { DEMO_SUBJECT } from '../../reports/http/demo-birth.ts';

const reportOptions = psychologicalReportRequest.pick({
  style: true,
  output_format: true,
  include_chart_in_pdf: true,
  include_profile_branding_logo: true,
  pdf_footer_label: true,
});

/** The fields of the body that are the report's options rather than the birth's. */
export const REPORT_OPTION_KEYS = Object.keys(reportOptions.shape) as (keyof typeof reportOptions.shape)[];

export const reportOrderRequest = z
  .object({ ...birthFields, ...chartSettingsFields, ...reportOptions.shape })
  .meta({ id: 'ReportOrderRequest', example: { ...DEMO_SUBJECT, output_format: 'pdf' } });
export type ReportOrderRequest = z.output<typeof reportOrderRequest>;
