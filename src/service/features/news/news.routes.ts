import { PROTECTED_ERRORS, withErrors } from '../../http/error-responses.js';
import type { FeatureRoutes } from '../../http/typed-app.js';
import { NewsListQuery, NewsPage } from '../../../shared/api/news.schemas.js';
import { getNewsPage } from './news.service.js';

export const newsRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/news',
    {
      schema: {
        tags: ['news'],
        summary: 'News articles, newest first, with an optional text filter and tag',
        querystring: NewsListQuery,
        response: withErrors({ 200: NewsPage }, PROTECTED_ERRORS),
      },
    },
    async (request) => getNewsPage(ctx.db, request.query),
  );
};
