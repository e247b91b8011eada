import { expect } from 'vitest';
import type { Draft } from '../../src/shared/api/blog/blog-drafts.schemas.js';
import type { TestService } from './test-service.js';

export interface BlogAnswer {
  status: number;
  /** The content-type header ('' when there is none). */
  type: string;
  text: string;
  /** The parsed body when it is non-empty JSON. */
  json: unknown;
}

export interface BlogClient {
  /** One request over real HTTP with the session's headers; a body is sent as JSON. */
  call(method: string, path: string, body?: unknown): Promise<BlogAnswer>;
  /** POST /api/blog/generate, which must answer 201 with the template draft. */
  generate(body: unknown): Promise<Draft>;
  /** Waits until the pipeline queue is idle, then reads the draft again. */
  settled(id: string): Promise<Draft>;
}

/**
 * The blog tests' client of a listening test service. `signedIn` is read on every call because the tests start the
 * service and sign in inside beforeAll, after the client is made.
 */
export function blogClient(signedIn: () => { t: TestService; headers: Record<string, string> }): BlogClient {
  const call = async (method: string, path: string, body?: unknown): Promise<BlogAnswer> => {
    const { t, headers } = signedIn();
    const response = await fetch(`${t.url}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, type, text, json: type.includes('application/json') && text.length > 0 ? (JSON.parse(text) as unknown) : undefined };
  };
  return {
    call,
    async generate(body) {
      const r = await call('POST', '/api/blog/generate', body);
      expect(r.status, r.text).toBe(201);
      return r.json as Draft;
    },
    async settled(id) {
      await signedIn().t.service.ctx.blog.queue.idle();
      return (await call('GET', `/api/blog/${id}`)).json as Draft;
    },
  };
}
