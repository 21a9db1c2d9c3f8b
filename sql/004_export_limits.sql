-- Exports (streamed CSV / NDJSON ephemeris tables) are bounded per plan: the most rows one
-- export may have. Null leaves only the service's own bound (2,000,000 rows). What an export
-- costs against the request quota (one unit per EXPORT_ROWS_PER_UNIT rows) is a setting of the
-- service, not of the plan.
alter table plans add column export_row_limit integer check (export_row_limit is null or export_row_limit > 0);

update plans set export_row_limit = 50000 where code = 'free';
update plans set export_row_limit = 500000 where code = 'entry';
update plans set export_row_limit = 2000000 where code = 'high';
