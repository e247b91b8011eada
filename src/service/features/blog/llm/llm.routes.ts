import { PROTECTED_ERRORS, withErrors } from '../../../http/error-responses.js';
import type { FeatureRoutes } from '../../../http/typed-app.js';
import { LanguageModelStatusReply } from '../../../../shared/api/blog/llm.schemas.js';
import { readLanguageModelStatus } from './llm.service.js';

export const languageModelRoutes: FeatureRoutes = async (app, { ctx }) => {
  app.get(
    '/api/blog/llm/status',
    {
      schema: {
        tags: ['blog'],
        summary:
          "Whether the blog engine's language model can answer now, in plain words: Ollama running and the model pulled, the hosted key set, " +
          'or the bridge command found. Always 200 (available false says what to do); the check takes at most 5 seconds',
        response: withErrors({ 200: LanguageModelStatusReply }, PROTECTED_ERRORS),
      },
    },
    async () => readLanguageModelStatus(ctx.languageModel, ctx.now),
  );
};
