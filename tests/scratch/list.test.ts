import { it } from 'vitest';
import { startTestService } from '../helpers/test-service.js';
it('list', async () => {
  const t = await startTestService({ listen: true });
  const doc = await (await fetch(`${t.url}/docs/json`)).json() as any;
  const out: string[] = [];
  const walk = (s: any, where: string) => {
    if (!s || typeof s !== 'object') return;
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('number') || types.includes('integer')) {
      out.push(`${where} ${JSON.stringify(types)} min=${s.minimum ?? s.exclusiveMinimum} max=${s.maximum ?? s.exclusiveMaximum}`);
    }
    for (const [k, v] of Object.entries(s.properties ?? {})) walk(v, `${where}.${k}`);
    if (s.items) walk(s.items, `${where}[]`);
    for (const k of ['anyOf', 'oneOf', 'allOf']) (s[k] ?? []).forEach((x: any, i: number) => walk(x, `${where}|${i}`));
    if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${where}{}`);
  };
  for (const [p, ms] of Object.entries(doc.paths) as any) for (const [m, op] of Object.entries(ms) as any) {
    for (const prm of op.parameters ?? []) walk(prm.schema, `${m} ${p} ${prm.in}:${prm.name}`);
    for (const [ct, c] of Object.entries(op.requestBody?.content ?? {}) as any) walk(c.schema, `${m} ${p} body(${ct})`);
  }
  console.log(out.join('\n'));
  await t.close();
}, 60000);
