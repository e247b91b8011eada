import { InvalidError } from '../../errors.js';
import { fitBass } from './bass-fit.js';
import { requireFiniteResult } from './finite-result.js';
import { bassCurve } from './bass.model.js';
import type { FitRequest, FitResponse, ModelRequest, ModelResponse } from '../../../shared/api/forecast/what-if.schemas.js';
import { bassLogisticMaxGap, logisticFromBass } from './logistic.model.js';
import { nortonBassSeries } from './norton-bass.model.js';

/** POST /api/hype-cycle/model: the closed-form curves for the dashboard's sliders. */
export function runModel(body: ModelRequest): ModelResponse {
  const params = { p: body.p, q: body.q };
  if (body.model === 'bass') {
    if (body.m === undefined) throw new InvalidError('body/m is required for model "bass"');
    if (body.generations !== undefined) throw new InvalidError('body/generations belongs to model "norton-bass", not "bass"');
    const curve = bassCurve(params, body.m, body.periods);
    const logistic = logisticFromBass(params, body.m);
    return requireFiniteResult({ model: 'bass', ...curve, logistic: { ...logistic, max_gap_share: bassLogisticMaxGap(params) } }, 'model bass');
  }
  if (body.generations === undefined) throw new InvalidError('body/generations is required for model "norton-bass"');
  if (body.m !== undefined) throw new InvalidError('body/m belongs to model "bass"; give each generation its own m');
  body.generations.forEach((g, i) => {
    const previous = body.generations?.[i - 1];
    if (previous && g.launch < previous.launch)
      throw new InvalidError(`body/generations.${i}.launch must not be before the launch of generation ${i - 1} (${previous.launch})`);
  });
  const series = nortonBassSeries(params, body.generations, body.periods);
  return requireFiniteResult(
    { model: 'norton-bass', generations: body.generations.map((g, i) => ({ m: g.m, launch: g.launch, values: series[i] as number[] })) },
    'model norton-bass',
  );
}

/** POST /api/hype-cycle/fit: p, q, m by bounded non-linear least squares. */
export function runFit(body: FitRequest): FitResponse {
  // The schema already rejects non-numbers, negatives, non-finite and out-of-range values.
  if (!body.series.some((v) => v > 0)) throw new InvalidError('body/series must contain at least one positive value');
  const fit = fitBass(body.series);
  return requireFiniteResult(
    {
      p: fit.p,
      q: fit.q,
      m: fit.m,
      peak_time: fit.peak_time,
      r2: fit.r2,
      rmse: fit.rmse,
      converged: fit.converged,
      iterations: fit.iterations,
      points: fit.points,
    },
    'fit',
  );
}
