import { type BassParams, bassCumulative } from './bass.model.js';

/**
 * Norton and Bass (1987): successive technology generations sharing p and q, each launched at its own time and
 * each substituting its predecessor. With F_i(t) = F(t - launch_i) (zero before launch):
 *
 *   A_1 = m_1 F_1,   A_i = F_i (m_i + A_{i-1})
 *   S_i = A_i (1 - F_{i+1}) for every generation but the last, S_n = A_n
 *
 * which spells out as S_1 = m_1 F_1 (1 - F_2), S_2 = F_2 (m_2 + F_1 m_1)(1 - F_3), ... The sum over generations
 * telescopes to sum_i m_i F_i(t): substitution moves adopters between generations but never creates or loses any.
 */
export interface Generation {
  m: number;
  launch: number;
}

export function nortonBassAt(params: BassParams, generations: readonly Generation[], t: number): number[] {
  const F = generations.map((g) => bassCumulative(params, t - g.launch));
  const values: number[] = [];
  let carried = 0;
  for (let i = 0; i < generations.length; i += 1) {
    const own = (F[i] as number) * ((generations[i] as Generation).m + carried);
    const next = i + 1 < generations.length ? (F[i + 1] as number) : 0;
    values.push(own * (1 - next));
    carried = own;
  }
  return values;
}

/** S_i(t) for t = 0..periods, one array per generation. */
export function nortonBassSeries(params: BassParams, generations: readonly Generation[], periods: number): number[][] {
  const out = generations.map(() => new Array<number>(periods + 1).fill(0));
  for (let t = 0; t <= periods; t += 1) {
    nortonBassAt(params, generations, t).forEach((value, i) => {
      (out[i] as number[])[t] = value;
    });
  }
  return out;
}
