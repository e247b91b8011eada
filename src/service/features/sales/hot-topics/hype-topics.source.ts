import type { AppDatabase } from '../../../db/database.js';
import { listHypeCycle } from '../../forecast/index.js';
import type { HotTopic } from '../../../../shared/api/sales/hot-topics.schemas.js';
import { DAY_MS, HYPE_RECENT_DAYS, HYPE_TRENDING_DAYS, hypeTransitionUrgency } from './hot-topics.rules.js';

/**
 * Source "hype-cycle transitions": the forecast's phase of each technology now, against its phase 30 and 90 days
 * ago (the same model evaluated at those times), and how far it is into its phase.
 */
export async function hypeTransitionTopics(db: AppDatabase, nowMs: number): Promise<HotTopic[]> {
  const now = await listHypeCycle(db, nowMs);
  const before30 = new Map((await listHypeCycle(db, nowMs - HYPE_RECENT_DAYS * DAY_MS)).technologies.map((t) => [t.name, t]));
  const before90 = new Map((await listHypeCycle(db, nowMs - HYPE_TRENDING_DAYS * DAY_MS)).technologies.map((t) => [t.name, t]));
  const lastPhase = now.phases.length - 1;
  return now.technologies.flatMap((tech): HotTopic[] => {
    const phase30 = before30.get(tech.name)?.phase_index ?? tech.phase_index;
    const phase90 = before90.get(tech.name)?.phase_index ?? tech.phase_index;
    const verdict = hypeTransitionUrgency(tech.phase_index, phase30, phase90, tech.progress_in_phase, lastPhase);
    if (!verdict) return [];
    const moved = verdict.urgency !== 'EMERGING';
    const from = now.phases[moved ? (tech.phase_index !== phase30 ? phase30 : phase90) : tech.phase_index] ?? tech.phase;
    const next = now.phases[tech.phase_index + 1] ?? tech.phase;
    return [
      {
        id: `hype_cycle_transitions:${tech.name}`,
        source: 'hype_cycle_transitions',
        urgency: verdict.urgency,
        urgency_rule: verdict.rule,
        topic_type: 'hype_cycle',
        title: moved ? `${tech.name} moves from ${from} to ${tech.phase}` : `${tech.name} nears ${next}`,
        summary: moved
          ? `The lifecycle model now places ${tech.name} in "${tech.phase}" (score ${tech.score}), after "${from}": what the move means for buyers.`
          : `${tech.name} is ${Math.round(tech.progress_in_phase * 100)}% through "${tech.phase}" (score ${tech.score}); "${next}" comes next.`,
        keywords: [tech.name, tech.phase, 'hype cycle'],
        at: now.as_of,
        evidence: [
          {
            kind: 'technology',
            id: tech.name,
            label: `${tech.name}: ${tech.phase}, score ${tech.score}, ${Math.round(tech.adoption_share_now * 100)}% adopted`,
            at: now.as_of,
            url: null,
            api_path: `/api/hype-cycle/${encodeURIComponent(tech.name)}`,
          },
        ],
      },
    ];
  });
}
