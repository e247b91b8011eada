import { it } from 'vitest';
import { startTestService } from '../helpers/test-service.js';
it('probe', async () => {
  const t = await startTestService({ listen: true, env: { SEED_ON_START: 'true' } });
  const token = await t.login();
  const h = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await (await fetch(`${t.url}/api/transceivers?limit=1`, { headers: h })).json() as any;
  const id = list.items[0].id;
  for (const v of ['1e400', '1e308', '9007199254740993']) {
    const r = await fetch(`${t.url}/api/prices`, { method: 'POST', headers: h, body: `{"transceiver_id":"${id}","vendor_id":"fs","price":10,"currency":"USD","stock_qty":${v}}` });
    console.log(v, r.status, (await r.text()).slice(0, 300));
  }
  for (const u of [`/api/transceivers/${id}`, `/api/transceivers/${id}/prices`, `/api/transceivers?reach_min=Infinity&limit=1`, `/api/transceivers?reach_min=NaN&limit=1`]) {
    const r = await fetch(`${t.url}${u}`, { headers: h });
    console.log(u, r.status, r.headers.get('x-total-count'), (await r.text()).slice(0, 200));
  }
  await t.close();
}, 60000);
