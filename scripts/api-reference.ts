import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createService, loadConfig } from '../src/service/index.js';
import { createLogger } from '../src/service/logger.js';
import { type OpenApiDocument, renderApiReference } from './api-reference.render.js';

/**
 * `npm run docs:api`: writes docs/api-reference.md from the OpenAPI document of the service's own app. The app is
 * built on a temporary DATA_DIR from a fixed environment (never the caller's .env), without listening, so the
 * output depends on the code alone.
 */
export const API_REFERENCE_FILE = resolve('docs', 'api-reference.md');

export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ti-api-reference-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SCHEDULER_ENABLED: 'false',
      SEED_ON_START: 'false',
      EMBEDDINGS_PROVIDER: 'hash',
      RIS_ENABLED: 'false',
    });
    const service = await createService(config, { logger: createLogger('silent') });
    try {
      await service.http.ready();
      return service.http.swagger() as unknown as OpenApiDocument;
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function renderCurrentApiReference(): Promise<string> {
  return renderApiReference(await buildOpenApiDocument());
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const markdown = await renderCurrentApiReference();
  writeFileSync(API_REFERENCE_FILE, markdown);
  console.log(`Wrote ${API_REFERENCE_FILE} (${markdown.length} characters)`);
}
