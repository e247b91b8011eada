import type { LanguageModelStatusReply } from '../../../../shared/api/blog/llm.schemas.js';
import type { LanguageModelHandle } from './language-model.factory.js';

/** The provider's status for GET /api/blog/llm/status: checked now (at most 5 s), never cached, never throws. */
export async function readLanguageModelStatus(model: LanguageModelHandle, now: () => number, signal?: AbortSignal): Promise<LanguageModelStatusReply> {
  const status = await model.status(signal);
  return {
    provider: status.provider,
    requested_provider: model.requestedProvider,
    id: status.id,
    available: status.available,
    message: status.message,
    checked_at: new Date(now()).toISOString(),
  };
}
