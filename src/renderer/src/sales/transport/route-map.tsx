import type { TransportNetwork, TransportPlan } from '../../../../shared/api/sales/transport.schemas.js';
import { useI18n } from '../../i18n/use-i18n.js';

const WIDTH = 560;
const PAD = 28;

/**
 * An equirectangular projection scaled by the cosine of the middle latitude: over Europe's extent it keeps shapes
 * recognisable, needs no map tiles (the app works offline) and is a few lines of arithmetic.
 */
function projection(cities: TransportNetwork['cities']) {
  const lats = cities.map((c) => c.lat);
  const lons = cities.map((c) => c.lon);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const scale = (WIDTH - 2 * PAD) / ((maxLon - minLon) * kx || 1);
  const height = Math.round((maxLat - minLat) * scale + 2 * PAD);
  return {
    height,
    at: (lat: number, lon: number): [number, number] => [PAD + (lon - minLon) * kx * scale, PAD + (maxLat - lat) * scale],
  };
}

/** The whole fibre graph (estimated routes dashed), with the plan's working and protection paths drawn over it. */
export function RouteMap({ network, plan }: { network: TransportNetwork; plan: TransportPlan | null }) {
  const { t, format } = useI18n();
  const { height, at } = projection(network.cities);
  const city = new Map(network.cities.map((c) => [c.id, c]));
  const point = (id: string) => {
    const c = city.get(id)!;
    return at(c.lat, c.lon);
  };
  const onPlan = new Set(plan?.paths.flatMap((p) => p.cities) ?? []);
  return (
    <figure className="transport-map" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={t('sales.transport.mapLabel')}
        data-testid="transport-map"
        style={{ width: '100%', height: 'auto' }}
      >
        <rect x={0} y={0} width={WIDTH} height={height} fill="#f4f8fb" />
        {network.routes.map((r) => {
          const [[x1, y1], [x2, y2]] = [point(r.from), point(r.to)];
          return (
            <line key={r.id} x1={x1} y1={y1} x2={x2} y2={y2} stroke="#c3ccd5" strokeWidth={1.2} strokeDasharray={r.estimated ? '4 3' : undefined}>
              <title>{`${city.get(r.from)!.name} – ${city.get(r.to)!.name}: ${format.number(r.km)} km, ${r.provider?.name ?? t('sales.transport.toBeSourced')}`}</title>
            </line>
          );
        })}
        {plan?.paths.map((path) =>
          path.spans.map((span) => {
            const [[x1, y1], [x2, y2]] = [point(span.from), point(span.to)];
            const working = path.role === 'working';
            return (
              <line
                key={`${path.role}-${span.route_id}`}
                data-role={path.role}
                data-route={span.route_id}
                x1={x1}
                y1={y1}
                x2={x2}
                y2={y2}
                stroke={working ? '#1f6fb2' : '#d9822b'}
                strokeWidth={working ? 4 : 3}
                strokeDasharray={working ? undefined : '7 4'}
                strokeLinecap="round"
              />
            );
          }),
        )}
        {network.cities.map((c) => {
          const [x, y] = at(c.lat, c.lon);
          const end = plan !== null && (c.id === plan.from.id || c.id === plan.to.id);
          return (
            <g key={c.id} data-city={c.id}>
              <circle cx={x} cy={y} r={end ? 6 : onPlan.has(c.id) ? 4.5 : 3} fill={end ? '#1f6fb2' : onPlan.has(c.id) ? '#24405c' : '#8796a5'} />
              <text x={x + 6} y={y - 5} fontSize={10} fill={onPlan.has(c.id) ? '#17324d' : '#6b7a89'} fontWeight={end ? 700 : 400}>
                {c.name}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted small">{t('sales.transport.mapLegend')}</figcaption>
    </figure>
  );
}
