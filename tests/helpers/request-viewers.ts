import type { FastifyRequest } from 'fastify';
import { anonymousViewer, authenticateRequest, type RequestViewer } from '../../src/service/features/auth/request-viewer.js';

/**
 * Viewers for tests that call repositories directly. The authenticated one is minted the way the auth hook mints it
 * (after a successful token check), on a stand-in request, because no production code outside the hook may.
 */
export function signedInViewer(): RequestViewer {
  return authenticateRequest({} as FastifyRequest, { valid: true });
}

export { anonymousViewer };
