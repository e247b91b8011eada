import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import { clientGoneSignal } from '../../../http/client-gone-signal.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { HotTopicsPage, HotTopicsQuery } from '../../../../shared/api/sales/hot-topics.schemas.js';
import { getHotTopics } from './hot-topics.service.js';

export const hotTopicRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/hot-topics',
    {
      schema: {
        tags: ['sales'],
        summary: 'Blog topics discovered from 7 sources, each with its urgency (BREAKING, HOT, TRENDING, EMERGING), evidence and topic type',
        description:
          'Sources: price_movements (competitor price changes of the last 30 days per speed), competitor_alerts (alerts of the last 30 ' +
          'days per kind and speed), hype_cycle_transitions (the lifecycle model now against 30 and 90 days ago), news_articles (the ' +
          'last two years), conference_calendar (the next 120 days; approximate dates say so), research_trends (curated, lifted by ' +
          'market activity at their speed) and evergreen_topics. Sorted by urgency, then nearest in time. counts are taken before ' +
          'the urgency filter, so a client can show every urgency tab with its number.',
        querystring: HotTopicsQuery,
        response: withErrors({ 200: HotTopicsPage }, PROTECTED_ERRORS),
      },
    },
    async (request, reply) => getHotTopics({ db: ctx.db, resourcesDir: ctx.config.resourcesDir }, ctx.now(), request.query, clientGoneSignal(reply)),
  );
};
