/**
 * The Help (About) menu's lines: the product and version, and, while the service runs on the generated demo data
 * set, a line saying so. Plain data (no electron import), so it is tested without Electron.
 */
export interface AboutEntry {
  label: string;
  enabled: false;
}

export const DEMO_DATA_NOTICE = 'Demo data: the catalogue, its prices and stock are the generated seed data set, not real offers';

export function aboutEntries(productName: string, version: string, demoData: boolean | undefined): AboutEntry[] {
  const entries: AboutEntry[] = [{ label: `${productName} ${version}`, enabled: false }];
  if (demoData === true) entries.push({ label: DEMO_DATA_NOTICE, enabled: false });
  return entries;
}

/**
 * Whether the running service reports the demo data set (its health answer, which needs no sign-in). undefined when
 * the answer does not say: the About then shows no data line rather than a guess.
 */
export async function readDemoData(serviceUrl: string, fetchImpl: typeof fetch = fetch): Promise<boolean | undefined> {
  try {
    const response = await fetchImpl(new URL('/api/health', serviceUrl));
    if (!response.ok) return undefined;
    const body = (await response.json()) as { demo_data?: unknown };
    return typeof body.demo_data === 'boolean' ? body.demo_data : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the About's demo-data flag current: the menu is rebuilt only when the flag changes. */
export interface DemoDataWatch {
  /** Reads the flag again; calls onChange (and answers true) only when it differs from the last one read. */
  refresh(): Promise<boolean>;
  /** The flag as last read (undefined before the first read or when the service did not say). */
  current(): boolean | undefined;
}

/**
 * An import can end the demo data set at any time (from the dashboard or the CLI), and Electron's application menu
 * is a built template that cannot read a value when it opens on every platform. So the shell calls refresh when the
 * service is up, when a window gains focus and on a slow timer, and rebuilds the menu on a change.
 */
export function createDemoDataWatch(serviceUrl: string, onChange: (demoData: boolean | undefined) => void, fetchImpl: typeof fetch = fetch): DemoDataWatch {
  let last: boolean | undefined;
  let read = false;
  return {
    async refresh() {
      const next = await readDemoData(serviceUrl, fetchImpl);
      if (read && next === last) return false;
      read = true;
      last = next;
      onChange(next);
      return true;
    },
    current: () => last,
  };
}
