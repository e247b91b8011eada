// Public entry of the blog engine's language-model providers (features/blog/llm). The pipeline, the route registry and
// the composition root import them through this file only (.dependency-cruiser.cjs enforces it).
export { createLanguageModel, type LanguageModelDeps, type LanguageModelHandle } from './language-model.factory.js';
export { languageModelRoutes } from './llm.routes.js';
export { readLanguageModelConfig, type LanguageModelConfig } from './llm.config.js';
export {
  LanguageModelUnavailableError,
  type ChatMessage,
  type ChatRequest,
  type LanguageModel,
  type LanguageModelProviderName,
  type LanguageModelStatus,
  type ModelWait,
} from './language-model.types.js';
