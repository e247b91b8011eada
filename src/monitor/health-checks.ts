/** One problem the monitor can see; `key` identifies it across runs, so an ongoing problem is pushed once. */
export interface Problem {
  key: string;
  title: string;
  detail: string;
}

export interface CheckTarget {
  serviceUrl: string;
  toolServerUrl: string | null;
  timeoutMs: number;
}

interface HealthBody {
  status?: string;
  load_status?: string;
  load_reasons?: string[];
}

async function getJson(url: string, timeoutMs: number): Promise<{ ok: true; status: number; body: unknown } | { ok: false; reason: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // a non-JSON answer is judged by its status below
    }
    return { ok: true, status: response.status, body };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    return { ok: false, reason: err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err.cause?.code ?? err.message) };
  }
}

/**
 * What is wrong now: the service not answering its health endpoint, its load_status not ok (busy or overloaded,
 * with the thresholds it crossed), the tool server not answering. An empty list means all is well.
 */
export async function findProblems(target: CheckTarget): Promise<Problem[]> {
  const problems: Problem[] = [];
  const health = await getJson(`${target.serviceUrl}/api/health`, target.timeoutMs);
  if (!health.ok || health.status !== 200) {
    problems.push({
      key: 'service-down',
      title: 'Transceiver Intelligence is not answering',
      detail: `${target.serviceUrl}/api/health: ${health.ok ? `HTTP ${health.status}` : health.reason}`,
    });
  } else {
    const body = health.body as HealthBody | null;
    if (body?.load_status !== 'ok') {
      const reasons = body?.load_reasons?.length ? `: ${body.load_reasons.join('; ')}` : '';
      problems.push({
        key: 'service-load',
        title: `Transceiver Intelligence is ${body?.load_status ?? 'in an unknown state'}`,
        detail: `load_status ${body?.load_status ?? 'missing'}${reasons}`,
      });
    }
  }
  if (target.toolServerUrl !== null) {
    const tools = await getJson(`${target.toolServerUrl}/health`, target.timeoutMs);
    if (!tools.ok || tools.status !== 200) {
      problems.push({
        key: 'tool-server-down',
        title: 'The MCP tool server is not answering',
        detail: `${target.toolServerUrl}/health: ${tools.ok ? `HTTP ${tools.status}` : tools.reason}`,
      });
    }
  }
  return problems;
}
