import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type OpenApiDocument, renderApiReference } from '../../../scripts/api-reference.render.js';
import { API_REFERENCE_FILE, buildOpenApiDocument } from '../../../scripts/api-reference.js';

describe('docs/api-reference.md', () => {
  it("is what the service's OpenAPI document renders to now", async () => {
    const doc = await buildOpenApiDocument();
    const rendered = renderApiReference(doc);
    // Every operation of the document has its own section.
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) expect(rendered).toContain(`### \`${method.toUpperCase()} ${path}\``);
    }
    const committed = readFileSync(API_REFERENCE_FILE, 'utf8');
    if (committed !== rendered) expect.fail('docs/api-reference.md is stale: run npm run docs:api and commit the result');
  });
});

describe('renderApiReference', () => {
  const error = { title: 'Error', type: 'object', properties: { error: { type: 'string' }, message: { type: 'string' } } };
  const doc: OpenApiDocument = {
    info: { title: 'Probe', description: 'Send `Authorization: Bearer <token>`.' },
    security: [{ bearerAuth: [] }],
    paths: {
      '/b/{id}': {
        get: {
          tags: ['things'],
          summary: 'One thing',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 40 } },
            {
              name: 'side',
              in: 'query',
              schema: {
                default: 'left',
                anyOf: [
                  { type: 'string', enum: ['left'] },
                  { type: 'string', enum: ['right'] },
                ],
              },
            },
          ],
          responses: {
            '200': {
              description: 'Default Response',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['items'],
                    properties: {
                      items: {
                        type: 'array',
                        items: { type: 'object', required: ['at'], properties: { at: { type: 'string', format: 'date-time', nullable: true } } },
                      },
                      tags: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
                    },
                  },
                },
              },
            },
            '404': { description: 'No such | thing', content: { 'application/json': { schema: error } } },
          },
        },
      },
      '/a': {
        post: {
          tags: ['things'],
          summary: 'Make a thing',
          security: [],
          requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } },
          responses: { '204': { description: 'Default Response' } },
        },
      },
    },
  };
  const md = renderApiReference(doc);

  it('lists operations sorted by section and path, with their authentication', () => {
    expect(md.indexOf('### `POST /a`')).toBeLessThan(md.indexOf('### `GET /b/{id}`'));
    expect(md).toContain('| things | POST | `/a` | Make a thing | none |');
    expect(md).toContain('| things | GET | `/b/{id}` | One thing | token |');
  });

  it('writes parameters with type, default, enumeration and limits', () => {
    expect(md).toContain('| `id` | path | string | yes |  | length 1..40 |  |');
    expect(md).toContain('| `side` | query | string | no | `left` | one of `left`, `right` |  |');
  });

  it('flattens nested response fields, folds error bodies into one table and escapes what Markdown would eat', () => {
    expect(md).toContain('| `items[].at` | string (date-time) or null | yes |');
    expect(md).toContain('| `tags` | map of integer | no |  | each value >= 0 |');
    expect(md).toContain('| 404 | No such \\| thing |');
    expect(md).not.toContain('Response **404**');
    expect(md).toContain('Response **204**\n\nNo body.');
    expect(md).toContain('`text/csv`: string');
    expect(md).toContain('Bearer <token>`');
  });

  it('is deterministic', () => {
    expect(renderApiReference(structuredClone(doc))).toBe(md);
  });
});
