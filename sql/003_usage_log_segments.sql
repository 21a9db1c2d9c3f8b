-- The usage log is stored in segments: one row per API key per batch the API process writes,
-- holding that key's requests of the batch as one JSON array. A busy key's thousand requests then
-- cost PostgreSQL one tuple and one index entry instead of a thousand (measured: about 1 µs of
-- server CPU per request instead of 8 to 11). The view `usage_logs` shows one row per request.
--
-- entries: [[method, path, status_code, duration_ms, idempotency_replayed, started_at_epoch_ms], ...]
-- first_at/last_at: the earliest and latest request start in the segment; the newest requests of a
-- user are always among the segments with the latest last_at.
create table usage_log_segments (
  id bigint generated always as identity primary key,
  user_id text not null,
  api_key_id uuid,
  first_at timestamptz not null,
  last_at timestamptz not null,
  requests integer not null check (requests > 0),
  entries json not null
);
create index usage_log_segments_user_recent_idx on usage_log_segments (user_id, last_at desc, id desc);

-- A busy key's segment is a few hundred kilobytes of JSON, compressed when stored: LZ4 takes
-- about half the server CPU of the default pglz. Servers built without LZ4 keep pglz.
do $$
begin
  alter table usage_log_segments alter column entries set compression lz4;
exception when feature_not_supported or invalid_parameter_value or undefined_object then
  null;
end $$;

-- Rows written before segments become segments of one request each. The lock holds off API
-- processes of the previous version until the copy is done (their writes then go through the
-- view's trigger below), so that no row written meanwhile is lost.
lock table usage_logs in exclusive mode;
insert into usage_log_segments (user_id, api_key_id, first_at, last_at, requests, entries)
select user_id, api_key_id, created_at, created_at, 1,
       json_build_array(json_build_array(method, path, status_code, duration_ms, idempotency_replayed,
                                         extract(epoch from created_at) * 1000))
from usage_logs
order by id;
drop table usage_logs;

-- One row per request. `segment_id` and `position` identify it; within a segment, `position`
-- follows the order in which the requests finished.
create view usage_logs as
select s.id as segment_id,
       (e.n - 1)::integer as position,
       s.user_id,
       s.api_key_id,
       e.entry->>0 as method,
       e.entry->>1 as path,
       (e.entry->>2)::smallint as status_code,
       (e.entry->>3)::double precision as duration_ms,
       (e.entry->>4)::boolean as idempotency_replayed,
       to_timestamp((e.entry->>5)::double precision / 1000) as created_at
from usage_log_segments s
cross join lateral json_array_elements(s.entries) with ordinality as e(entry, n);

-- API processes of the previous version (during a rolling deploy) still insert rows into
-- usage_logs: each becomes a segment of one request.
create function usage_logs_insert() returns trigger language plpgsql as $$
begin
  insert into usage_log_segments (user_id, api_key_id, first_at, last_at, requests, entries)
  values (new.user_id, new.api_key_id, new.created_at, new.created_at, 1,
          json_build_array(json_build_array(new.method, new.path, new.status_code, new.duration_ms,
                                            coalesce(new.idempotency_replayed, false),
                                            extract(epoch from new.created_at) * 1000)));
  return new;
end $$;
create trigger usage_logs_insert instead of insert on usage_logs
  for each row execute function usage_logs_insert();
