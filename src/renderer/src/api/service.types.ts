/** Shapes of the core service's answers the dashboard reads (src/service/features/health, system). */
export type LoadStatus = 'ok' | 'busy' | 'overloaded';

export interface Health {
  status: 'ok';
  version: string;
  uptime_seconds: number;
  load_status: LoadStatus;
  load_reasons: string[];
  cpu: { cores: number; load_1m: number; load_5m: number; load_15m: number; load_per_core_1m: number };
  memory: { total_bytes: number; free_bytes: number; used_ratio: number };
  process: { rss_bytes: number; heap_used_bytes: number; event_loop_delay_p99_ms: number };
  disk: { path: string; total_bytes: number; free_bytes: number; used_ratio: number };
  database: { ok: boolean; latency_ms: number; migrations_applied: number };
}

export interface SystemInfo {
  version: string;
  data_dir: string;
  database_file: string;
  listen: { host: string; port: number };
  shared_on_lan: boolean;
  lan_urls: string[];
  migrations: Array<{ version: number; name: string; applied_at: string }>;
  scheduler: {
    enabled: boolean;
    jobs: Array<{ name: string; running: boolean; lastRunAt: string | null; lastError: string | null; nextRunAt: string | null }>;
  };
}
