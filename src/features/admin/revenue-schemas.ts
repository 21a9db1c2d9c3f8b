/** GET /api/v1/admin/revenue-analytics (RevenueAnalyticsResponse: per currency, never summed across). */
import { z } from 'zod/v4';

export const REVENUE_RANGES = ['7d', '30d', '90d', '12m'] as const;

export const revenueQuery = z.object({ range: z.enum(REVENUE_RANGES).default('7d').describe('The period counted back from today (UTC): 7, 30 or 90 days, or 12 months. Default 7d.') });

const amounts = { gross_cents: z.number().int(), refunds_cents: z.number().int(), net_cents: z.number().int() };

export const revenueAnalyticsResponse = z.object({
  range: z.enum(REVENUE_RANGES),
  start_date: z.string().describe('First UTC day of the range.'),
  end_date: z.string().describe('Last UTC day (today).'),
  currencies: z.array(z.object({
    currency: z.string().describe('ISO 4217, lowercase; amounts in its smallest unit.'),
    ...amounts,
    disputes_cents: z.number().int().describe('Disputes lost, by the day they were opened.'),
    payments: z.number().int(),
    series: z.array(z.object({ date: z.string(), ...amounts })).describe('Every UTC day of the range.'),
    by_plan: z.record(z.string(), z.object(amounts)).describe('By plan or credit pack code (else the payment kind).'),
    mrr: z.object({
      current_cents: z.number().int(),
      subscriptions: z.number().int(),
      movements: z.object({
        new_cents: z.number().int(), expansion_cents: z.number().int(), reactivation_cents: z.number().int(),
        contraction_cents: z.number().int().describe('Negative or zero.'), churn_cents: z.number().int().describe('Negative or zero.'),
        net_cents: z.number().int(),
      }).describe('Changes of MRR within the range.'),
    }),
  })),
}).meta({ id: 'RevenueAnalyticsResponse' });
