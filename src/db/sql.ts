/**
 * The data layer's `sql` tag: slonik's own, with `sql.type` taking the zod schemas of the rest of
 * the code. slonik 47 types `sql.type` against the zod it is installed with, which is the project's
 * zod 4 (the `overrides` of package.json: slonik 48 and later need Node 24). Its queries use a
 * schema only for the type of their rows: the pool installs no result-parsing interceptor.
 */
export { sql } from 'slonik';
