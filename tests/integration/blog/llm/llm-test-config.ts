import { ConfigProblems } from '../../../../src/service/config-parsers.js';
import { type LanguageModelConfig, readLanguageModelConfig } from '../../../../src/service/features/blog/llm/index.js';
import { createLogger } from '../../../../src/service/logger.js';

export const silentLogger = createLogger('silent');

/** The language-model configuration from variables, failing the test on any problem the reader reports. */
export function llmConfig(env: Record<string, string>): LanguageModelConfig {
  const problems = new ConfigProblems();
  const config = readLanguageModelConfig(env, problems);
  if (problems.messages.length > 0) throw new Error(problems.messages.join('\n'));
  return config;
}
