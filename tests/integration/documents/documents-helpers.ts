import type { Document } from '../../../src/shared/api/documents.schemas.js';

/** Real multipart uploads and polling over HTTP, shared by the documents integration tests. */
export async function upload(url: string, token: string | undefined, bytes: Uint8Array, filename: string, field = 'file'): Promise<Response> {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type: 'application/pdf' }), filename);
  return fetch(`${url}/api/documents/process`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

export async function getJson<T>(url: string, token: string, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as T };
}

/** Polls GET /api/documents/:id until the document is processed or failed; remembers every status seen. */
export async function waitForDocument(url: string, token: string, id: string): Promise<{ doc: Document; seen: Set<string> }> {
  const seen = new Set<string>();
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const { status, body } = await getJson<Document>(url, token, `/api/documents/${id}`);
    if (status !== 200) throw new Error(`GET /api/documents/${id} answered ${status}`);
    seen.add(body.status);
    if (body.status === 'processed' || body.status === 'failed') return { doc: body, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`document ${id} did not finish`);
}
