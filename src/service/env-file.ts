import { parse } from 'dotenv';
import { existsSync, readFileSync } from 'node:fs';

/**
 * The environment with an optional .env file under it: variables already set in the environment win,
 * so a .env file never overrides what the operator typed on the command line.
 */
export function environmentWithDotenv(file: string, env: Record<string, string | undefined> = process.env): Record<string, string | undefined> {
  if (!existsSync(file)) return { ...env };
  return { ...parse(readFileSync(file)), ...env };
}
