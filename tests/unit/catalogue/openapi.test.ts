import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/test-service.js';

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: Array<{ name: string; schema: { enum?: string[] } }>;
        requestBody?: { content: Record<string, unknown> };
        responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
      }
    >
  >;
}

describe('catalogue routes in the OpenAPI document', () => {
  let t: TestService;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await startTestService();
    doc = (await t.service.http.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApi;
  });
  afterAll(async () => t?.close());

  it('documents every catalogue route with request and response schemas', () => {
    for (const path of [
      '/api/transceivers',
      '/api/transceivers.csv',
      '/api/transceivers/{id}',
      '/api/transceivers/{id}/prices',
      '/api/standards',
      '/api/standards/{name}',
      '/api/form-factors',
      '/api/form-factors/{name}',
      '/api/vendors',
      '/api/vendors/{id}',
      '/api/switches',
      '/api/switches/{id}',
      '/api/coverage/prices',
      '/api/coverage/images',
      '/api/prices/comparables',
    ]) {
      expect(doc.paths[path]?.get?.responses['200'], path).toBeDefined();
    }
    expect(doc.paths['/api/prices']?.post?.responses['201']).toBeDefined();
    expect(doc.paths['/api/prices']?.post?.responses['422']).toBeDefined();
  });

  it('shows the enumerated filters, the CSV media type and both import body types', () => {
    const fiber = doc.paths['/api/transceivers']!.get!.parameters!.find((p) => p.name === 'fiber_type');
    expect(fiber?.schema.enum).toEqual(['SMF', 'MMF', 'copper', 'AOC']);
    expect(Object.keys(doc.paths['/api/transceivers.csv']!.get!.responses['200']!.content ?? {})).toContain('text/csv');
    expect(Object.keys(doc.paths['/api/import/{kind}']!.post!.requestBody!.content).sort()).toEqual(['application/json', 'text/csv']);
  });

  it('marks nullable fields the OpenAPI 3.0 way', () => {
    const item = doc.paths['/api/transceivers/{id}']!.get!.responses['200']!.content!['application/json']!.schema as {
      properties: Record<string, { type?: unknown; nullable?: boolean }>;
    };
    expect(item.properties.reach_meters).toMatchObject({ type: 'number', nullable: true });
  });
});
