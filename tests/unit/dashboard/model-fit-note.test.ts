import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ModelFitNote } from '../../../src/renderer/src/hype/model-fit-note.js';
import { createDashboardStore, DashboardStoreContext } from '../../../src/renderer/src/state/dashboard.store.js';
import type { HypeCycleDetail } from '../../../src/shared/api/forecast/forecast.schemas.js';

const model = (over: Partial<HypeCycleDetail['model']>): HypeCycleDetail['model'] => ({
  method: 'fitted',
  p: 0.01,
  q: 0.5,
  m: 88,
  launch_year: 2019,
  r2: 0.998,
  converged: true,
  points: 7,
  reason: 'fitted to 7 shipment points 2019..2025',
  source: 'Estimate',
  points_kind: 'estimate',
  ...over,
});
const store = createDashboardStore({ language: 'en' });
const text = (m: HypeCycleDetail['model']) =>
  renderToStaticMarkup(createElement(DashboardStoreContext.Provider, { value: store }, createElement(ModelFitNote, { model: m })));

describe('the fit note of the technology detail', () => {
  it('never shows an R² over estimated points as evidence', () => {
    for (const kind of ['estimate', 'mixed'] as const) {
      const note = text(model({ points_kind: kind }));
      expect(note).toContain('R² 0.998 of a fit to estimated points (no evidence');
      expect(note).not.toContain('on published counts');
    }
    expect(text(model({ points_kind: 'estimate' }))).toContain('The shipment points are estimates of the data set, not published counts.');
  });

  it('calls an R² over published counts what it is, and shows none without a fit', () => {
    expect(text(model({ points_kind: 'published' }))).toContain('R² 0.998 on published counts');
    const prior = text(model({ method: 'prior', r2: null, points_kind: 'none', reason: '0 shipment points; a fit needs 5' }));
    expect(prior).not.toContain('R²');
    expect(prior).toContain('M modules');
  });
});
