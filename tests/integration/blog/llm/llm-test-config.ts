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

/** A loopback port that nothing listens on: what a laptop with Ollama stopped looks like. */
export async function closedPort(): Promise<string> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
