/** The slonik connection pool, to a PostgreSQL server or to the embedded PGlite socket. */
import { createPool, createTypeParserPreset, type DatabasePool } from 'slonik';

export type { DatabasePool };

export async function createDatabasePool(url: string, maximumPoolSize: number): Promise<DatabasePool> {
  return createPool(url, {
    maximumPoolSize,
    // Timestamps as ISO strings and counts as plain numbers: what the JSON responses carry.
    typeParsers: [
      ...createTypeParserPreset().filter((p) => !['timestamptz', 'timestamp', 'int8'].includes(p.name)),
      { name: 'timestamptz', parse: (v) => new Date(v).toISOString() },
      { name: 'timestamp', parse: (v) => new Date(`${v}Z`).toISOString() },
      { name: 'int8', parse: (v) => Number.parseInt(v, 10) },
    ],
  });
}
