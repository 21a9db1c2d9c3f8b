/** Funnels the operators define (their evaluation is in analytics-events.ts). */
import { type CommonQueryMethods } from 'slonik';
import { sql } from './sql.ts';
import { z } from 'zod/v4';

export const funnelStep = z.object({ event: z.string(), label: z.string() });
export const funnelRow = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(funnelStep),
  conversion_window_days: z.number(),
  period_days: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FunnelRow = z.infer<typeof funnelRow>;

export interface FunnelInput {
  name: string;
  steps: { event: string; label: string }[];
  conversionWindowDays: number;
  periodDays: number;
}

const columns = sql.fragment`id, name, steps, conversion_window_days, period_days, created_at, updated_at`;

export class AnalyticsFunnelRepository {
  constructor(private readonly db: CommonQueryMethods) {}

  async list(): Promise<readonly FunnelRow[]> {
    return this.db.any(sql.type(funnelRow)`select ${columns} from analytics_funnels order by created_at, id`);
  }

  async count(): Promise<number> {
    return this.db.oneFirst(sql.type(z.object({ n: z.number() }))`select count(*)::int8 as n from analytics_funnels`);
  }

  async create(input: FunnelInput): Promise<FunnelRow> {
    return this.db.one(sql.type(funnelRow)`
      insert into analytics_funnels (name, steps, conversion_window_days, period_days)
      values (${input.name}, ${sql.jsonb(input.steps)}, ${input.conversionWindowDays}, ${input.periodDays})
      returning ${columns}`);
  }

  async update(id: string, input: FunnelInput): Promise<FunnelRow | null> {
    return this.db.maybeOne(sql.type(funnelRow)`
      update analytics_funnels set name = ${input.name}, steps = ${sql.jsonb(input.steps)},
        conversion_window_days = ${input.conversionWindowDays}, period_days = ${input.periodDays}, updated_at = now()
      where id = ${id} returning ${columns}`);
  }

  async delete(id: string): Promise<boolean> {
    return (await this.db.query(sql.unsafe`delete from analytics_funnels where id = ${id}`)).rowCount > 0;
  }
}
