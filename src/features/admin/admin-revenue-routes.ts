/** GET /api/v1/admin/revenue-analytics?range=: revenue per currency from the billing mirror. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { RevenueRepository } from '../../db/revenue.ts';
import { revenueAnalyticsResponse, revenueQuery, type REVENUE_RANGES } from './admin-revenue-schemas.ts';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range's UTC days, today last: 7, 30 or 90 days, or from the day after the same date a year ago. */
export function rangeDays(range: (typeof REVENUE_RANGES)[number], now = Date.now()): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  let start: number;
  if (range === '12m') {
    const d = new Date(today);
    start = Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate()) + DAY_MS;
  } else {
    start = today - (Number.parseInt(range, 10) - 1) * DAY_MS;
  }
  const days: string[] = [];
  for (let t = start; t <= today; t += DAY_MS) days.push(isoDay(t));
  return days;
}

type Response = z.infer<typeof revenueAnalyticsResponse>;
type CurrencyFigures = Response['currencies'][number];

export const revenueRoutes =
  (db: DatabasePool): FastifyPluginAsyncZod =>
  async (app) => {
    const revenue = new RevenueRepository(db);

    app.get(
      '/api/v1/admin/revenue-analytics',
      {
        schema: {
          tags: ['admin'],
          summary: 'Gross, refunds, net, a daily series, by plan, MRR and its movements: per currency, never summed across',
          querystring: revenueQuery,
          response: { 200: revenueAnalyticsResponse },
        },
      },
      async (request) => {
        const { range } = request.query;
        const days = rangeDays(range);
        const data = await revenue.read({ startDay: days[0]!, endDay: days.at(-1)! });

        const currencies = new Map<string, CurrencyFigures>();
        const of = (currency: string) => {
          let c = currencies.get(currency);
          if (!c) {
            c = {
              currency,
              gross_cents: 0,
              refunds_cents: 0,
              net_cents: 0,
              disputes_cents: 0,
              payments: 0,
              series: days.map((date) => ({ date, gross_cents: 0, refunds_cents: 0, net_cents: 0 })),
              by_plan: {},
              mrr: {
                current_cents: 0,
                subscriptions: 0,
                movements: { new_cents: 0, expansion_cents: 0, reactivation_cents: 0, contraction_cents: 0, churn_cents: 0, net_cents: 0 },
              },
            };
            currencies.set(currency, c);
          }
          return c;
        };
        const dayIndex = new Map(days.map((d, i) => [d, i]));
        for (const d of data.days) {
          const c = of(d.currency);
          const point = c.series[dayIndex.get(d.day) ?? -1];
          if (point) {
            point.gross_cents += d.gross;
            point.refunds_cents += d.refunds;
            point.net_cents += d.gross - d.refunds - d.disputes;
          }
          c.gross_cents += d.gross;
          c.refunds_cents += d.refunds;
          c.disputes_cents += d.disputes;
          c.net_cents += d.gross - d.refunds - d.disputes;
          c.payments += d.payments;
        }
        for (const p of data.plans) of(p.currency).by_plan[p.plan] = { gross_cents: p.gross, refunds_cents: p.refunds, net_cents: p.gross - p.refunds };
        for (const m of data.mrr) Object.assign(of(m.currency).mrr, { current_cents: m.mrr, subscriptions: m.subscriptions });
        for (const m of data.movements) {
          const movements = of(m.currency).mrr.movements;
          const field = `${m.kind}_cents` as keyof typeof movements;
          if (field in movements && field !== 'net_cents') movements[field] += m.delta;
          movements.net_cents += m.delta;
        }
        return {
          range,
          start_date: days[0]!,
          end_date: days.at(-1)!,
          currencies: [...currencies.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
        };
      },
    );
  };
