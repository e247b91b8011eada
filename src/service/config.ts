import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDataDir, findAppRoot } from './app-paths.js';
import { type RibConfig, readRibConfig } from './features/rib/rib.config.js';
import { readOperatorBrand } from './features/seed/seed.config.js';
import { type EmbeddingsConfig, readEmbeddingsConfig } from './embeddings/embeddings.config.js';
import { type DashboardConfig, readDashboardConfig } from './features/dashboard/dashboard.config.js';
import { type DocumentsConfig, readDocumentsConfig } from './features/documents/documents.config.js';
import { type NewsConfig, readNewsConfig } from './features/news/news.config.js';
import { type CatalogueConfig, readCatalogueConfig } from './features/catalogue/catalogue.config.js';
import { type LanguageModelConfig, readLanguageModelConfig } from './features/blog/llm/llm.config.js';
import { readScrapersConfig, type ScrapersConfig } from './features/scrapers/scrapers.config.js';
import {
  ConfigProblems,
  type Env,
  readBoolean,
  readEnum,
  readInteger,
  readList,
  readNumber,
  readOptionalString,
  readSecret,
  readString,
} from './config-parsers.js';
import type { DatabaseTarget } from './db/database-target.js';
import { teamOrigin } from '../shared/team-origin.js';
import { readDatabaseConfig } from './db/database.config.js';
import { EXAMPLE_PASSWORDS, isExamplePassword, PASSWORD_MIN_LENGTH, passwordLength } from '../shared/password-policy.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** false: use the socket address; true: trust every hop; number: trust that many hops; list: trusted proxy addresses/CIDRs. */
export type TrustProxy = boolean | number | string[];

export interface RateLimitConfig {
  windowMs: number;
  /** Requests per window per client address, over every API route together. */
  max: number;
  loginMax: number;
  /** GET /api/health has a budget of its own, so a burst of API calls never makes the service look down. */
  healthMax: number;
}

export interface HealthThresholds {
  /** 1-minute load average divided by the number of cores. */
  busyLoadPerCore: number;
  overloadedLoadPerCore: number;
  /** Event-loop delay, 99th percentile over the last interval, in ms. */
  busyEventLoopMs: number;
  overloadedEventLoopMs: number;
  /** Latency of a real database query, in ms. */
  busyDbMs: number;
  overloadedDbMs: number;
}

export interface Config {
  version: string;
  host: string;
  port: number;
  mcpPort: number;
  dataDir: string;
  /** The SQLite file in dataDir, or a PostgreSQL server (DATABASE_URL). */
  database: DatabaseTarget;
  appRoot: string;
  /** Holds one folder of migrations per engine (sqlite/, postgres/). */
  migrationsDir: string;
  resourcesDir: string;
  dashboardPassword: string | undefined;
  mcpSecret: string | undefined;
  mcpAllowedOrigins: string[];
  corsOrigins: string[];
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  /** One log line per answered request (method, path, status, time); off by default, so a terminal stays readable. */
  logRequests: boolean;
  schedulerEnabled: boolean;
  /** How often a running job's row is touched; a run silent for four beats is taken over by another process. */
  jobHeartbeatMs: number;
  /** Fill an empty database from the seed data set at start (resources/seed). */
  seedOnStart: boolean;
  /** TAKE_ALONG_ANONYMOUS: laptops may pull the team snapshot without the password (never internal demand rows). */
  takeAlongAnonymous: boolean;
  /** TAKE_ALONG_TEAM_URL: the team server a laptop pulls its snapshot from; when set, POST /api/take-along/pull takes no other. */
  takeAlongTeamUrl: string | undefined;
  bodyLimitBytes: number;
  /** REQUEST_TIMEOUT_MS: the time a client has to send a whole request, headers and body. */
  requestTimeoutMs: number;
  rateLimit: RateLimitConfig;
  health: HealthThresholds;
  rib: RibConfig;
  /** OPERATOR_BRAND: display name of the operator's own products (vendor id 'operator'). */
  operatorBrand: string;
  embeddings: EmbeddingsConfig;
  /** PDF processing (DOCUMENTS_MAX_BYTES). */
  documents: DocumentsConfig;
  news: NewsConfig;
  /** The dashboard's image hosts (DASHBOARD_IMAGE_SOURCES). */
  dashboard: DashboardConfig;
  /** Competitor alert rules of the catalogue's price intake (PRICE_ALERT_THRESHOLD_PCT). */
  catalogue: CatalogueConfig;
  /** The blog engine's language model (LLM_PROVIDER, OLLAMA_MODEL, ANTHROPIC_API_KEY, LLM_BRIDGE_COMMAND, ...). */
  languageModel: LanguageModelConfig;
  /** The vendor-shop scrapers' politeness delay, page timeout and page budget (SCRAPER_*). */
  scrapers: ScrapersConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function readTeamUrl(env: Env, problems: ConfigProblems): string | undefined {
  const raw = readOptionalString(env, 'TAKE_ALONG_TEAM_URL');
  if (raw === undefined) return undefined;
  const origin = teamOrigin(raw);
  if (origin === undefined) problems.add('TAKE_ALONG_TEAM_URL', `"${raw}" is not an http:// or https:// address without a user name or password in it`);
  return origin;
}

/**
 * The proxies whose X-Forwarded-For is believed unless TRUST_PROXY says otherwise: those on this host. Only a process on
 * the same machine can connect from a loopback address, and a reverse proxy there (the team server's haproxy) is what
 * lets the rate limiter tell its clients apart; a client elsewhere on the LAN can never set its own address.
 */
const TRUSTED_BY_DEFAULT = ['loopback'];

function readTrustProxy(env: Env, problems: ConfigProblems): TrustProxy {
  const raw = readOptionalString(env, 'TRUST_PROXY');
  if (raw === undefined) return TRUSTED_BY_DEFAULT;
  const word = raw.toLowerCase();
  if (['true', 'yes', 'on'].includes(word)) return true;
  if (['false', 'no', 'off', '0'].includes(word)) return false;
  if (/^\d+$/.test(word)) return Number(word);
  const list = readList(env, 'TRUST_PROXY');
  const bad = list.filter((item) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item) && !['loopback', 'linklocal', 'uniquelocal'].includes(item));
  if (bad.length > 0) {
    problems.add('TRUST_PROXY', `"${bad.join(', ')}" is not true, false, a hop count or a list of proxy addresses`);
    return false;
  }
  return [...new Set([...TRUSTED_BY_DEFAULT, ...list])];
}

function readPackageVersion(appRoot: string): string {
  const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

export interface ConfigOverrides {
  /** Where migrations/ and resources/ live when not beside package.json (the packaged desktop app). */
  appRoot?: string;
  version?: string;
}

/**
 * A short password would fall to offline guessing against any leaked token (it is the signing key). Unset stays
 * allowed: login then answers 500 "not configured", and the desktop app asks for one.
 */
function checkPasswordStrength(password: string | undefined, problems: ConfigProblems): void {
  if (password === undefined) return;
  if (isExamplePassword(password)) {
    problems.add('DASHBOARD_PASSWORD', 'is the example this project prints, which anyone can read: choose a password of your own');
    return;
  }
  if (passwordLength(password) >= PASSWORD_MIN_LENGTH) return;
  problems.add(
    'DASHBOARD_PASSWORD',
    `must be at least ${PASSWORD_MIN_LENGTH} characters (it has ${passwordLength(password)}): it is the key that signs tokens, so a leaked token ` +
      `lets anyone test guesses offline. Set a longer one in the environment or in .env, e.g. DASHBOARD_PASSWORD="${EXAMPLE_PASSWORDS.hint}"`,
  );
}

/** Builds the one validated configuration object from environment variables. Throws ConfigError listing every bad value. */
export function loadConfig(env: Env, overrides: ConfigOverrides = {}): Config {
  const problems = new ConfigProblems();
  const appRoot = overrides.appRoot ?? findAppRoot();
  const port = readInteger(env, problems, 'PORT', 3200, { min: 0, max: 65535 });
  const mcpPort = readInteger(env, problems, 'MCP_HTTP_PORT', 3201, { min: 0, max: 65535 });
  if (port === mcpPort && port !== 0) problems.add('MCP_HTTP_PORT', `must differ from PORT (both are ${port})`);
  const dataDir = readString(env, 'DATA_DIR', defaultDataDir(env));
  const config: Config = {
    version: overrides.version ?? readPackageVersion(appRoot),
    host: readString(env, 'HOST', '127.0.0.1'),
    port,
    mcpPort,
    dataDir,
    database: readDatabaseConfig(env, problems, dataDir),
    appRoot,
    migrationsDir: join(appRoot, 'migrations'),
    resourcesDir: join(appRoot, 'resources'),
    dashboardPassword: readSecret(env, 'DASHBOARD_PASSWORD'),
    mcpSecret: readSecret(env, 'MCP_SECRET'),
    mcpAllowedOrigins: readList(env, 'MCP_ALLOWED_ORIGINS'),
    corsOrigins: readList(env, 'CORS_ORIGINS'),
    trustProxy: readTrustProxy(env, problems),
    logLevel: readEnum(env, problems, 'LOG_LEVEL', 'info', LOG_LEVELS),
    logRequests: readBoolean(env, problems, 'LOG_REQUESTS', false),
    schedulerEnabled: readBoolean(env, problems, 'SCHEDULER_ENABLED', true),
    jobHeartbeatMs: readInteger(env, problems, 'JOB_HEARTBEAT_MS', 15_000, { min: 100, max: 600_000 }),
    seedOnStart: readBoolean(env, problems, 'SEED_ON_START', true),
    takeAlongAnonymous: readBoolean(env, problems, 'TAKE_ALONG_ANONYMOUS', false),
    takeAlongTeamUrl: readTeamUrl(env, problems),
    bodyLimitBytes: readInteger(env, problems, 'BODY_LIMIT_BYTES', 1_048_576, { min: 1024, max: 1_073_741_824 }),
    requestTimeoutMs: readInteger(env, problems, 'REQUEST_TIMEOUT_MS', 60_000, { min: 100, max: 3_600_000 }),
    rateLimit: {
      windowMs: readInteger(env, problems, 'RATE_LIMIT_WINDOW_MS', 60_000, { min: 1000, max: 86_400_000 }),
      max: readInteger(env, problems, 'RATE_LIMIT_MAX', 600, { min: 1, max: 10_000_000 }),
      loginMax: readInteger(env, problems, 'RATE_LIMIT_LOGIN_MAX', 10, { min: 1, max: 10_000_000 }),
      healthMax: readInteger(env, problems, 'RATE_LIMIT_HEALTH_MAX', 120, { min: 1, max: 10_000_000 }),
    },
    health: {
      busyLoadPerCore: readNumber(env, problems, 'HEALTH_BUSY_LOAD', 0.8, { min: 0, max: 1000 }),
      overloadedLoadPerCore: readNumber(env, problems, 'HEALTH_OVERLOADED_LOAD', 1.5, { min: 0, max: 1000 }),
      busyEventLoopMs: readNumber(env, problems, 'HEALTH_BUSY_EVENT_LOOP_MS', 100, { min: 0, max: 600_000 }),
      overloadedEventLoopMs: readNumber(env, problems, 'HEALTH_OVERLOADED_EVENT_LOOP_MS', 500, { min: 0, max: 600_000 }),
      busyDbMs: readNumber(env, problems, 'HEALTH_BUSY_DB_MS', 50, { min: 0, max: 600_000 }),
      overloadedDbMs: readNumber(env, problems, 'HEALTH_OVERLOADED_DB_MS', 250, { min: 0, max: 600_000 }),
    },
    rib: readRibConfig(env, problems),
    operatorBrand: readOperatorBrand(env, problems),
    embeddings: readEmbeddingsConfig(env, problems),
    documents: readDocumentsConfig(env, problems),
    news: readNewsConfig(env, problems),
    dashboard: readDashboardConfig(env, problems),
    catalogue: readCatalogueConfig(env, problems),
    languageModel: readLanguageModelConfig(env, problems),
    scrapers: readScrapersConfig(env, problems),
  };
  checkPasswordStrength(config.dashboardPassword, problems);
  if (config.health.busyLoadPerCore > config.health.overloadedLoadPerCore) {
    problems.add('HEALTH_BUSY_LOAD', 'must not exceed HEALTH_OVERLOADED_LOAD');
  }
  if (problems.messages.length > 0) throw new ConfigError(problems.messages);
  return config;
}
