import { DescriptionText } from '../components/description-text.js';
import { useApiQuery } from '../api/api-queries.js';

/** What the product's standard and form factor are, in plain language (German or English, per the header switch). */
export function ReferenceDescriptions({ standard, formFactor }: { standard: string | null; formFactor: string }) {
  const std = useApiQuery(standard === null ? null : { path: '/api/standards/:name', params: { name: standard } });
  const ff = useApiQuery({ path: '/api/form-factors/:name', params: { name: formFactor } });
  return (
    <div className="references" data-testid="reference-descriptions">
      {standard !== null && std.state.status === 'ready' && (
        <section>
          <h3>
            {std.state.data.name} <span className="muted">({std.state.data.body})</span>
          </h3>
          <DescriptionText record={std.state.data} />
        </section>
      )}
      {ff.state.status === 'ready' && (
        <section>
          <h3>
            {ff.state.data.name} <span className="muted">({ff.state.data.full_name})</span>
          </h3>
          <DescriptionText record={ff.state.data} />
        </section>
      )}
    </div>
  );
}
