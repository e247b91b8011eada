import { status as GrpcStatus } from '@grpc/grpc-js';

/**
 * The routing daemon cannot answer (down, unreachable, not ready, feed gone, no routers). The spec (Errors, rule 3)
 * makes this a normal outcome: endpoints answer 200 with empty results and this reason, never an error status.
 */
export class RibUnavailableError extends Error {
  override name = 'RibUnavailableError';
}

export interface GrpcFailure {
  /** unknown: the daemon does not know the router or VRF asked for (UNKNOWN); unavailable: anything else. */
  kind: 'unknown' | 'unavailable';
  reason: string;
}

function isServiceError(error: unknown): error is { code: GrpcStatus; details?: string; message: string } {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number';
}

export function describeFailure(error: unknown, timeoutMs: number): GrpcFailure {
  if (error instanceof RibUnavailableError) return { kind: 'unavailable', reason: error.message };
  if (!isServiceError(error)) return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  const details = error.details ?? error.message;
  switch (error.code) {
    case GrpcStatus.UNAVAILABLE:
      return { kind: 'unavailable', reason: `routing daemon unreachable or its RIB not ready (UNAVAILABLE: ${details})` };
    case GrpcStatus.DEADLINE_EXCEEDED:
      return { kind: 'unavailable', reason: `routing daemon gave no answer within ${timeoutMs} ms` };
    case GrpcStatus.ABORTED:
      return { kind: 'unavailable', reason: `the router's feed went away (ABORTED: ${details})` };
    case GrpcStatus.UNKNOWN:
      return { kind: 'unknown', reason: `routing daemon does not know this router or VRF (${details})` };
    default:
      return { kind: 'unavailable', reason: `routing daemon failed (${GrpcStatus[error.code] ?? error.code}: ${details})` };
  }
}
