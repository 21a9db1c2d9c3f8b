/** One account's report jobs, newest first, without their documents: what the dashboard lists. */
import { type CommonQueryMethods } from 'slonik';
import { z } from 'zod/v4';
import { sql } from '../../db/sql.ts';

const listedJob = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'failed']),
  progress: z.number(),
  stage: z.string(),
  output_format: z.string(),
  subject_name: z.string().nullable(),
  birth_date: z.string().nullable(),
  has_pdf: z.boolean(),
  error_message: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type ListedReportJob = z.infer<typeof listedJob>;

export async function reportJobsOf(db: CommonQueryMethods, userId: string, limit: number): Promise<readonly ListedReportJob[]> {
  return db.any(sql.type(listedJob)`
    select id, status, progress, stage, coalesce(options->>'output_format', 'pdf') as output_format,
           nullif(trim(birth->'request'->>'name'), '') as subject_name,
           case when birth->'request' ?& array['year', 'month', 'day']
             then format('%s-%s-%s', birth->'request'->>'year', lpad(birth->'request'->>'month', 2, '0'), lpad(birth->'request'->>'day', 2, '0')) end as birth_date,
           pdf is not null as has_pdf, error_message,
           to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           to_char(completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as completed_at
    from report_jobs where user_id = ${userId} order by created_at desc, id desc limit ${limit}`);
}
