import { ConfigProblems, type Env, readEnum, readInteger, readOptionalString, readSecret, readString, readUrl } from '../../../config-parsers.js';
import { LANGUAGE_MODEL_PROVIDERS } from '../../../../shared/api/blog/llm.schemas.js';
import { STALL_MS } from '../pipeline-queue.js';
import { parseCommandLine } from './command-line.parser.js';
import type { LanguageModelProviderName } from './language-model.types.js';

export interface LanguageModelConfig {
  /** LLM_PROVIDER: the provider asked for; hosted and bridge fall back to local when not configured (see createLanguageModel). */
  provider: LanguageModelProviderName;
  /** OLLAMA_HOST (shared with the Ollama embeddings) and OLLAMA_MODEL. */
  ollamaHost: string;
  ollamaModel: string;
  /** OLLAMA_NUM_CTX: Ollama's own default context (a few thousand tokens) silently cuts a long draft and its rules. */
  ollamaContextTokens: number;
  /** ANTHROPIC_API_KEY: the hosted provider is used only when this is set. */
  hostedApiKey: string | undefined;
  /** ANTHROPIC_BASE_URL, without a trailing slash; tests point it at a stand-in. */
  hostedUrl: string;
  hostedModel: string;
  hostedMaxTokens: number;
  /** LLM_BRIDGE_COMMAND split into program and arguments (no shell); undefined when unset. */
  bridgeCommand: readonly string[] | undefined;
  bridgeTimeoutMs: number;
  /**
   * LLM_SILENCE_TIMEOUT_MS: how long a model server (local or hosted) may send nothing (no headers yet, or no piece of
   * its answer) before the call is given up; by default the pipeline's stall reset.
   */
  silenceTimeoutMs: number;
}

export const DEFAULT_OLLAMA_MODEL = 'llama3.1:8b';
export const DEFAULT_HOSTED_MODEL = 'claude-sonnet-4-5';

function readBridgeCommand(env: Env, problems: ConfigProblems): readonly string[] | undefined {
  const raw = readOptionalString(env, 'LLM_BRIDGE_COMMAND');
  if (raw === undefined) return undefined;
  const parsed = parseCommandLine(raw);
  if (typeof parsed === 'string') {
    problems.add('LLM_BRIDGE_COMMAND', parsed);
    return undefined;
  }
  return parsed;
}

/** OLLAMA_HOST is shared with the Ollama embeddings, whose reader already reports a bad value: say it once. */
function readOllamaHost(env: Env, problems: ConfigProblems): string {
  const own = new ConfigProblems();
  const host = readUrl(env, own, 'OLLAMA_HOST', 'http://127.0.0.1:11434');
  for (const message of own.messages) if (!problems.messages.includes(message)) problems.messages.push(message);
  return host;
}

/** The blog engine's language-model settings; every bad value is reported through `problems`, never thrown. */
export function readLanguageModelConfig(env: Env, problems: ConfigProblems): LanguageModelConfig {
  return {
    provider: readEnum(env, problems, 'LLM_PROVIDER', 'local', LANGUAGE_MODEL_PROVIDERS),
    ollamaHost: readOllamaHost(env, problems),
    ollamaModel: readString(env, 'OLLAMA_MODEL', DEFAULT_OLLAMA_MODEL),
    ollamaContextTokens: readInteger(env, problems, 'OLLAMA_NUM_CTX', 16_384, { min: 2048, max: 1_048_576 }),
    hostedApiKey: readSecret(env, 'ANTHROPIC_API_KEY'),
    hostedUrl: readUrl(env, problems, 'ANTHROPIC_BASE_URL', 'https://api.anthropic.com'),
    hostedModel: readString(env, 'ANTHROPIC_MODEL', DEFAULT_HOSTED_MODEL),
    hostedMaxTokens: readInteger(env, problems, 'ANTHROPIC_MAX_TOKENS', 8192, { min: 256, max: 128_000 }),
    bridgeCommand: readBridgeCommand(env, problems),
    bridgeTimeoutMs: readInteger(env, problems, 'LLM_BRIDGE_TIMEOUT_MS', 600_000, { min: 1000, max: 3_600_000 }),
    silenceTimeoutMs: readInteger(env, problems, 'LLM_SILENCE_TIMEOUT_MS', STALL_MS, { min: 100, max: 24 * 3_600_000 }),
  };
}
