import { describe, expect, it } from 'vitest';
import { checkTarget, defaultRouter, sortRouters } from '../../../src/service/features/rib/rib.targets.js';
import { tryParseVrf } from '../../../src/service/features/rib/vrf.codec.js';

const router = (address: string, vrfIds: string[] = ['0']) => ({ address, sys_name: '', vrf_ids: vrfIds });
const vrf = (text: string) => tryParseVrf(text) ?? { text, id: -1n };

/** Every order of a list (the daemon lists routers in no stable order). */
function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('routing daemon routers and targets', () => {
  const listed = [router('2001:db8::10'), router('192.0.2.10'), router('10.0.0.2'), router('192.0.2.9', [])];

  it('orders routers by address, IPv4 first, numerically rather than as text, whatever order they arrive in', () => {
    for (const order of permutations(listed)) {
      expect(sortRouters(order).map((r) => r.address)).toEqual(['10.0.0.2', '192.0.2.9', '192.0.2.10', '2001:db8::10']);
    }
  });

  it('picks the same default router for every order: the lowest address with a feed', () => {
    for (const order of permutations(listed)) expect(defaultRouter(order)?.address).toBe('10.0.0.2');
    expect(defaultRouter([router('192.0.2.9', []), router('192.0.2.20')])?.address).toBe('192.0.2.20');
    expect(defaultRouter([router('192.0.2.9', []), router('192.0.2.8', [])])?.address).toBe('192.0.2.8');
    expect(defaultRouter([])).toBeUndefined();
  });

  it('tells an unknown router from an unknown VRF and from a router whose feed is down', () => {
    const routers = [router('192.0.2.10', ['0', '279172874240100']), router('192.0.2.9', [])];
    expect(checkTarget(routers, { router: '192.0.2.10', vrf: vrf('0:0') })).toEqual({ kind: 'known' });
    expect(checkTarget(routers, { router: '192.0.2.10', vrf: vrf('65000:100') })).toEqual({ kind: 'known' });
    const noVrf = checkTarget(routers, { router: '192.0.2.10', vrf: vrf('65000:7') });
    expect(noVrf).toMatchObject({ kind: 'unknown', field: 'vrf' });
    expect(noVrf.kind === 'unknown' && noVrf.message).toBe('Router 192.0.2.10 has no VRF 65000:7 (its VRFs: 0:0, 65000:100)');
    const noRouter = checkTarget(routers, { router: '192.0.2.99', vrf: vrf('0:0') });
    expect(noRouter).toMatchObject({ kind: 'unknown', field: 'router' });
    expect(noRouter.kind === 'unknown' && noRouter.message).toContain('it monitors 192.0.2.9, 192.0.2.10');
    expect(checkTarget(routers, { router: '192.0.2.9', vrf: vrf('0:0') })).toMatchObject({ kind: 'no-feed' });
  });
});
