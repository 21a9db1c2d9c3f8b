/**
 * slonik's `sql` tag, with `sql.type` taking the zod schemas of the rest of the code (`zod/v4`).
 *
 * slonik types `sql.type` against zod 3's classes; its queries use the schema only for the type of
 * their rows (the pool installs no result-parsing interceptor), so the bridge is a type alone: the
 * tag at run time is slonik's own.
 */
import { sql as slonikSql, type QuerySqlToken, type SqlTag, type ValueExpression } from 'slonik';
import type { ZodType as SlonikRowType } from 'zod/v3';
import type { z } from 'zod/v4';

type RowQuery<S extends z.ZodType> = (template: TemplateStringsArray, ...values: ValueExpression[]) => QuerySqlToken<SlonikRowType<z.output<S>>>;

export type Sql = Omit<SqlTag, 'type'> & {
  /** A query whose rows have the schema's output type. */
  type: <S extends z.ZodType>(schema: S) => RowQuery<S>;
};

export const sql: Sql = slonikSql as unknown as Sql;
