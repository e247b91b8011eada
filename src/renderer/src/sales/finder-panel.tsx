import { useEffect, useState } from 'react';
import { useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { useDebounced } from '../hooks/use-debounced.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';
import { FinderResultView } from './finder/finder-result-view.js';
import { MIN_SWITCH_TEXT, useFinder } from './finder/use-finder.js';

/** Switches offered as the box's suggestions: the whole catalogue list fits in one page. */
const SUGGESTIONS = 500;

/**
 * The switch-to-product finder: the salesperson types what the customer calls their switch and sees, per port group,
 * the operator's modules that fit, in the coding to order, with price and stock.
 */
export function FinderPanel() {
  const text = useDashboard((s) => s.finderSwitch);
  const setText = useDashboard((s) => s.setFinderSwitch);
  const { t } = useI18n();
  const [draft, setDraft] = useState(text);
  const settled = useDebounced(draft, 300);
  const { state, closest, reload } = useFinder(text);
  const switches = useApiQuery({ path: '/api/switches', query: { limit: SUGGESTIONS } });

  useEffect(() => {
    if (settled !== text) setText(settled);
    // Only the settled text drives the store; the store changing from a click (pick) is mirrored by pick() itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const pick = (value: string) => {
    setDraft(value);
    setText(value);
  };

  return (
    <div className="stack" data-testid="finder">
      <Card title={t('sales.finder.title')} testId="finder-search" wide>
        <form
          className="search-form"
          onSubmit={(e) => {
            e.preventDefault();
            setText(draft);
          }}
        >
          <label className="field field-grow">
            <span>{t('sales.finder.switchLabel')}</span>
            <input
              type="search"
              name="switch"
              list="finder-switch-models"
              autoComplete="off"
              placeholder={t('sales.finder.placeholder')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          </label>
          <datalist id="finder-switch-models">
            {switches.state.status === 'ready' &&
              switches.state.data.items.map((s) => (
                <option key={s.id} value={s.model}>
                  {s.vendor_name} · {s.port_summary}
                </option>
              ))}
          </datalist>
        </form>
      </Card>
      {text.trim().length < MIN_SWITCH_TEXT ? (
        <p className="state state-empty">{t('sales.finder.prompt')}</p>
      ) : closest.length > 0 ? (
        <div className="state state-error" role="alert" data-testid="finder-not-found">
          <span>{t('sales.finder.notFound', { text: text.trim() })}</span>
          <div className="chip-row">
            {closest.map((c) => (
              <button key={c.id} type="button" className="chip" data-testid="finder-closest" onClick={() => pick(c.model)}>
                {c.vendor_name} {c.model}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <AsyncView state={state} what={t('sales.finder.what')} onRetry={reload}>
          {(result) => <FinderResultView result={result} onPick={pick} />}
        </AsyncView>
      )}
    </div>
  );
}
