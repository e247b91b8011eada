import { describe, expect, it } from 'vitest';
import {
  classifyPhase,
  FACTOR_WEIGHTS,
  factorContributions,
  factorsAlongBass,
  type FactorInputs,
  PHASES,
  phaseOfScore,
} from '../../../src/service/features/forecast/phase-classifier.js';

const mature: FactorInputs = {
  adoptedShare: 1,
  aspDeclinePerYear: 0,
  standardStage: 'approved',
  yearsSinceStandard: 20,
  interopLevel: 4,
  vendorBreadth: 1,
  sentimentIntensity: 0,
};

describe('phase classifier', () => {
  it('uses the fixed weights: 30 / 20 / 15 / 15 / 10 / 10 %, adding up to 1', () => {
    expect(FACTOR_WEIGHTS).toEqual({
      port_shipment_share: 0.3,
      asp_decline: 0.2,
      standards_maturity: 0.15,
      interoperability: 0.15,
      vendor_trajectory: 0.1,
      media_sentiment: 0.1,
    });
    expect(Object.values(FACTOR_WEIGHTS).reduce((s, w) => s + w, 0)).toBeCloseTo(1, 12);
  });

  it('maps the score to the five phases in order', () => {
    expect(PHASES).toEqual([
      'Innovation Trigger',
      'Peak of Inflated Expectations',
      'Trough of Disillusionment',
      'Slope of Enlightenment',
      'Plateau of Productivity',
    ]);
    expect(phaseOfScore(0).index).toBe(0);
    expect(phaseOfScore(0.19).index).toBe(0);
    expect(phaseOfScore(0.2).index).toBe(1);
    expect(phaseOfScore(0.5).index).toBe(2);
    expect(phaseOfScore(0.7).index).toBe(3);
    expect(phaseOfScore(0.8).index).toBe(4);
    expect(phaseOfScore(1).index).toBe(4);
  });

  it('a fully mature technology scores 1 (Plateau); the score is the weighted sum of the contributions', () => {
    const c = classifyPhase(mature);
    expect(c.score).toBeCloseTo(1, 12);
    expect(c.phase).toBe('Plateau of Productivity');
    const young = classifyPhase({
      adoptedShare: 0.01,
      aspDeclinePerYear: 0.35,
      standardStage: 'draft',
      yearsSinceStandard: 0,
      interopLevel: 1,
      vendorBreadth: 0.2,
      sentimentIntensity: 0.7,
    });
    // 0.3*0.01 + 0.2*(1-0.35/0.4) + 0.15*0.1 + 0.15*0.25 + 0.1*0.2 + 0.1*0.3 = 0.003 + 0.025 + 0.015 + 0.0375 + 0.02 + 0.03
    expect(young.score).toBeCloseTo(0.1305, 10);
    expect(young.phase).toBe('Innovation Trigger');
  });

  it('each factor moves the score the right way', () => {
    const base = factorContributions(mature);
    expect(factorContributions({ ...mature, aspDeclinePerYear: 0.4 }).asp_decline).toBe(0);
    expect(factorContributions({ ...mature, aspDeclinePerYear: -0.1 }).asp_decline).toBe(0.5);
    expect(factorContributions({ ...mature, standardStage: 'draft' }).standards_maturity).toBe(0.1);
    expect(factorContributions({ ...mature, standardStage: 'none' }).standards_maturity).toBe(0);
    expect(factorContributions({ ...mature, yearsSinceStandard: 0 }).standards_maturity).toBeCloseTo(0.3, 12);
    expect(factorContributions({ ...mature, sentimentIntensity: 0.8 }).media_sentiment).toBeCloseTo(0.2, 12);
    expect(base.port_shipment_share).toBe(1);
  });

  it('invariant: along a Bass trajectory the classified phase never moves backwards', () => {
    for (const p of [0.001, 0.005, 0.01, 0.03, 0.1, 0.3]) {
      for (const q of [0.05, 0.1, 0.3, 0.5, 0.8, 1.2, 2]) {
        let previousPhase = -1;
        let previousScore = -1;
        // Walk until 99.9 % has adopted (F(t) = s solved in closed form), so every curve reaches its plateau.
        const tEnd = Math.log((1 + (q / p) * 0.999) / 0.001) / (p + q);
        for (let t = 0; t <= tEnd; t += tEnd / 2000) {
          const c = classifyPhase(factorsAlongBass({ p, q }, t));
          expect(c.phase_index, `p ${p} q ${q} t ${t.toFixed(2)}`).toBeGreaterThanOrEqual(previousPhase);
          expect(c.score + 1e-12).toBeGreaterThanOrEqual(previousScore);
          previousPhase = c.phase_index;
          previousScore = c.score;
        }
        // Starts at the trigger and ends on the plateau.
        expect(classifyPhase(factorsAlongBass({ p, q }, 0.05)).phase_index).toBe(0);
        expect(previousPhase).toBe(4);
      }
    }
  });
});
