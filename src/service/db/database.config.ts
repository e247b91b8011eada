import { join } from 'node:path';
import { type ConfigProblems, type Env, readInteger, readSecret } from '../config-parsers.js';
import { type DatabaseTarget, isPostgresUrl } from './database-target.js';

/** The laptop's database: one SQLite file in the data directory. */
export const DATABASE_FILE = 'transceiver-intelligence.sqlite';

/**
 * DATABASE_URL (postgres:// or postgresql://) runs the service on a team's PostgreSQL with a pool of
 * DATABASE_POOL_SIZE connections; without it the service keeps its SQLite file in the data directory.
 */
export function readDatabaseConfig(env: Env, problems: ConfigProblems, dataDir: string): DatabaseTarget {
  const url = readSecret(env, 'DATABASE_URL');
  const poolSize = readInteger(env, problems, 'DATABASE_POOL_SIZE', 10, { min: 1, max: 1000 });
  if (url === undefined) return { engine: 'sqlite', file: join(dataDir, DATABASE_FILE) };
  if (!isPostgresUrl(url)) {
    problems.add('DATABASE_URL', 'must be a PostgreSQL URL, postgres://user:password@host:5432/database (leave it unset for the SQLite file in DATA_DIR)');
    return { engine: 'sqlite', file: join(dataDir, DATABASE_FILE) };
  }
  return { engine: 'postgres', url, poolSize };
}
