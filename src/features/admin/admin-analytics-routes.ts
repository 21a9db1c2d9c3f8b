/**
 * Funnels (CRUD, each answer evaluated), the matured signup funnel, the Vedic chat figures and the
 * analytics cache, under /api/v1/admin.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabasePool } from 'slonik';
import { AnalyticsEventRepository } from '../../db/analytics-events.ts';
import { AnalyticsFunnelRepository, type FunnelRow } from '../../db/analytics-funnels.ts';
import { AnalyticsCacheRepository } from '../../db/analytics-cache.ts';
import { HttpError } from '../../http/errors.ts';
import { RequestFieldError } from '../../requests/request-error.ts';
import { conflictError, detailError } from '../auth/auth-schemas.ts';
import { daysQuery } from './admin-stats-schemas.ts';
import {
  analyticsFunnelPayload,
  analyticsFunnelResponse,
  cacheEntryResponse,
  cacheGetQuery,
  cacheSetRequest,
  cacheSetResponse,
  cohortQuery,
  funnelIdParams,
  maturedSignupFunnelResponse,
  MAX_CACHE_VALUE_BYTES,
  MAX_FUNNELS,
  vedicChatMetricsResponse,
} from './admin-analytics-schemas.ts';
import { z } from 'zod/v4';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);
const DAY_MS = 86_400_000;

type Payload = z.output<typeof analyticsFunnelPayload>;
const inputOf = (p: Payload) => ({
  name: p.name,
  steps: p.steps.map((s) => ({ event: s.event, label: s.label ?? s.event })),
  conversionWindowDays: p.conversion_window_days,
  periodDays: p.period_days,
});

export const analyticsRoutes =
  (deps: { db: DatabasePool; cacheMaxEntries: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const events = new AnalyticsEventRepository(deps.db);
    const funnels = new AnalyticsFunnelRepository(deps.db);
    const cache = new AnalyticsCacheRepository(deps.db, deps.cacheMaxEntries);

    const evaluated = async (row: FunnelRow) => {
      const counts = await events.funnelCounts({
        steps: row.steps.map((s) => s.event),
        conversionWindowDays: row.conversion_window_days,
        periodDays: row.period_days,
      });
      return {
        id: row.id,
        name: row.name,
        steps: row.steps.map((s, i) => ({
          event: s.event,
          label: s.label,
          count: counts[i]!,
          conversion_from_previous: i === 0 ? ratio(counts[0]!, counts[0]!) : ratio(counts[i]!, counts[i - 1]!),
          conversion_from_start: ratio(counts[i]!, counts[0]!),
          drop_off: i === 0 ? 0 : counts[i - 1]! - counts[i]!,
        })),
        conversion_window_days: row.conversion_window_days,
        period_days: row.period_days,
        conversion: ratio(counts.at(-1)!, counts[0]!),
        evaluated_at: new Date().toISOString(),
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
    };
    const funnelNotFound = () => new HttpError(404, 'Funnel not found');

    app.get(
      '/api/v1/admin/analytics/funnels',
      {
        schema: { tags: ['admin'], summary: 'Every funnel, evaluated now', response: { 200: analyticsFunnelResponse.array() } },
      },
      async () => Promise.all((await funnels.list()).map(evaluated)),
    );

    app.post(
      '/api/v1/admin/analytics/funnels',
      {
        schema: {
          tags: ['admin'],
          summary: 'Define a funnel: ordered event steps and a conversion window; answered evaluated',
          body: analyticsFunnelPayload,
          response: { 200: analyticsFunnelResponse, 409: conflictError },
        },
      },
      async (request, reply) => {
        if ((await funnels.count()) >= MAX_FUNNELS)
          return reply.code(409).send({ error: 'funnel_limit_reached', detail: `at most ${MAX_FUNNELS} funnels; delete one first` });
        return evaluated(await funnels.create(inputOf(request.body)));
      },
    );

    app.put(
      '/api/v1/admin/analytics/funnels/:funnel_id',
      {
        schema: {
          tags: ['admin'],
          summary: "Replace a funnel's definition; answered evaluated",
          params: funnelIdParams,
          body: analyticsFunnelPayload,
          response: { 200: analyticsFunnelResponse, 404: detailError },
        },
      },
      async (request) => {
        const row = UUID.test(request.params.funnel_id) ? await funnels.update(request.params.funnel_id, inputOf(request.body)) : null;
        if (!row) throw funnelNotFound();
        return evaluated(row);
      },
    );

    app.delete(
      '/api/v1/admin/analytics/funnels/:funnel_id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Delete a funnel',
          params: funnelIdParams,
          response: {
            200: z.object({ id: z.string().describe('Id of the funnel deleted'), deleted: z.literal(true).describe('Always true') }),
            404: detailError,
          },
        },
      },
      async (request) => {
        const deleted = UUID.test(request.params.funnel_id) && (await funnels.delete(request.params.funnel_id));
        if (!deleted) throw funnelNotFound();
        return { id: request.params.funnel_id, deleted: true as const };
      },
    );

    app.get(
      '/api/v1/admin/analytics/matured-signup-funnel',
      {
        schema: {
          tags: ['admin'],
          summary: 'Weekly signup cohorts whose window has fully passed, with the share reaching each milestone within cohort_days',
          querystring: cohortQuery,
          response: { 200: maturedSignupFunnelResponse },
        },
      },
      async (request) => {
        const { cohort_days, cohorts } = request.query;
        const rows = await events.maturedCohorts(cohort_days, cohorts);
        const share = (count: number, signups: number) => ({ count, share: ratio(count, signups) });
        return {
          cohort_days,
          cohorts: rows.map((r) => ({
            cohort_start: r.cohort_start,
            cohort_end: new Date(Date.parse(`${r.cohort_start}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10),
            signups: r.signups,
            activated: r.first_successful_request,
            converted: r.first_payment,
            milestones: {
              first_api_key: share(r.first_api_key, r.signups),
              first_request: share(r.first_request, r.signups),
              first_successful_request: share(r.first_successful_request, r.signups),
              first_payment: share(r.first_payment, r.signups),
            },
          })),
        };
      },
    );

    app.get(
      '/api/v1/admin/vedic-chat/metrics',
      {
        schema: {
          tags: ['admin'],
          summary: 'Vedic chat sessions and messages per UTC day, from the vedic_chat.* events',
          querystring: daysQuery,
          response: { 200: vedicChatMetricsResponse },
        },
      },
      async (request) => {
        const { days } = request.query;
        const [series, users] = await Promise.all([events.vedicChatDays(days), events.vedicChatUsers(days)]);
        const sessions = series.reduce((n, d) => n + d.sessions, 0);
        const messages = series.reduce((n, d) => n + d.messages, 0);
        return { days, sessions, messages, users, messages_per_session: sessions ? Math.round((messages / sessions) * 100) / 100 : null, series: [...series] };
      },
    );

    app.get(
      '/api/v1/admin/analytics/cache',
      {
        schema: {
          tags: ['admin'],
          summary: 'Read an analytics cache entry (404 when absent or expired)',
          querystring: cacheGetQuery,
          response: { 200: cacheEntryResponse, 404: detailError },
        },
      },
      async (request) => {
        const entry = await cache.get(request.query.cache_key);
        if (!entry) throw new HttpError(404, 'Cache entry not found');
        return entry;
      },
    );

    app.post(
      '/api/v1/admin/analytics/cache',
      {
        schema: {
          tags: ['admin'],
          summary: 'Write an analytics cache entry (bounded store; optional expiry)',
          body: cacheSetRequest,
          response: { 200: cacheSetResponse },
        },
      },
      async (request) => {
        const { cache_key, value, ttl_seconds } = request.body;
        const json = JSON.stringify(value);
        if (Buffer.byteLength(json) > MAX_CACHE_VALUE_BYTES)
          throw new RequestFieldError(['body', 'value'], `at most ${MAX_CACHE_VALUE_BYTES} bytes of JSON`, 'value_error.too_large');
        return cache.set(cache_key, json, ttl_seconds ?? null);
      },
    );
  };
