/** GET /api/v1/admin/revenue-analytics (RevenueAnalyticsResponse: per currency, never summed across). */
import { z } from 'zod/v4';

export const REVENUE_RANGES = ['7d', '30d', '90d', '12m'] as const;

export const revenueQuery = z.object({
  range: z.enum(REVENUE_RANGES).default('7d').describe('The period counted back from today (UTC): 7, 30 or 90 days, or 12 months. Default 7d.'),
});

const amounts = {
  gross_cents: z.number().int().describe('Succeeded payments, by the UTC day they were paid'),
  refunds_cents: z.number().int().describe('Succeeded refunds, by the UTC day they were made'),
  net_cents: z.number().int().describe('Gross minus refunds minus disputes lost'),
};

export const revenueAnalyticsResponse = z
  .object({
    range: z.enum(REVENUE_RANGES).describe('The range asked for'),
    start_date: z.string().describe('First UTC day of the range.'),
    end_date: z.string().describe('Last UTC day (today).'),
    currencies: z
      .array(
        z.object({
          currency: z.string().describe('ISO 4217, lowercase; amounts in its smallest unit.'),
          ...amounts,
          disputes_cents: z.number().int().describe('Disputes lost, by the day they were opened.'),
          payments: z.number().int().describe('Number of succeeded payments in the range'),
          series: z.array(z.object({ date: z.string().describe('UTC day, YYYY-MM-DD'), ...amounts })).describe('Every UTC day of the range.'),
          by_plan: z
            .record(z.string(), z.object({ ...amounts, net_cents: z.number().int().describe('Gross minus refunds (disputes are not split by plan)') }))
            .describe('By plan or credit pack code (else the payment kind).'),
          mrr: z
            .object({
              current_cents: z.number().int().describe('Monthly recurring revenue of the subscriptions now'),
              subscriptions: z.number().int().describe('Subscriptions counted in it'),
              movements: z
                .object({
                  new_cents: z.number().int().describe('Added by new subscriptions'),
                  expansion_cents: z.number().int().describe('Added by upgrades'),
                  reactivation_cents: z.number().int().describe('Added by subscriptions that came back'),
                  contraction_cents: z.number().int().describe('Negative or zero.'),
                  churn_cents: z.number().int().describe('Negative or zero.'),
                  net_cents: z.number().int().describe('Sum of all movements'),
                })
                .describe('Changes of MRR within the range.'),
            })
            .describe('Monthly recurring revenue'),
        }),
      )
      .describe('One entry per currency met in the range (payments, refunds, disputes, subscriptions)'),
  })
  .meta({ id: 'RevenueAnalyticsResponse' });
