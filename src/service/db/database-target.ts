/** Which database the service uses: the laptop's SQLite file, or a team's PostgreSQL server (DATABASE_URL). */
export type DatabaseTarget = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string; poolSize: number };

const POSTGRES_SCHEMES = new Set(['postgres:', 'postgresql:']);

/** Whether a DATABASE_URL names PostgreSQL (postgres:// or postgresql://). */
export function isPostgresUrl(url: string): boolean {
  try {
    return POSTGRES_SCHEMES.has(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** The URL with its password replaced, for logs and messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'an unreadable DATABASE_URL';
  }
}

export function describeTarget(target: DatabaseTarget): string {
  return target.engine === 'sqlite' ? target.file : redactDatabaseUrl(target.url);
}
