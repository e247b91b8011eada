/**
 * The contract between the blog pipeline and the language-model providers (local Ollama, hosted API, bridge
 * command). The pipeline only sees these types, so a provider can be swapped by configuration without touching a step.
 */

import { UnavailableError } from '../../../errors.js';
import type { LANGUAGE_MODEL_PROVIDERS } from '../../../../shared/api/blog/llm.schemas.js';
import type { PipelineWaitReason } from '../../../../shared/vocabulary/blog.vocabulary.js';

/** local | hosted | bridge; the list lives with the status schema so the API and the code cannot disagree. */
export type LanguageModelProviderName = (typeof LANGUAGE_MODEL_PROVIDERS)[number];

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  /** Aborts the call (queue reset, service shutdown); the provider rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Receives streamed text as it arrives, for progress; the resolved string is the whole answer. */
  readonly onText?: (chunk: string) => void;
  /** Told when the call waits before trying again (the hosted model's rate limit), so the wait can be shown. */
  readonly onWait?: (wait: ModelWait) => void;
}

/** A wait inside one call: the retry it waits for, of how many, and for how long. */
export interface ModelWait {
  readonly reason: PipelineWaitReason;
  readonly retry: number;
  readonly retries: number;
  readonly waitMs: number;
}

export interface LanguageModel {
  readonly provider: LanguageModelProviderName;
  /** Provider and model, for example `local:llama3.1:8b`; part of the draft's generated_by value. */
  readonly id: string;
  chat(request: ChatRequest): Promise<string>;
  /** Whether the provider can answer now (Ollama up and the model pulled, key set, command found), in plain words. */
  status(signal?: AbortSignal): Promise<LanguageModelStatus>;
}

export interface LanguageModelStatus {
  readonly provider: LanguageModelProviderName;
  readonly id: string;
  readonly available: boolean;
  /** For a salesperson: what works, or what to do (for example "Start Ollama" or "Run: ollama pull llama3.1"). */
  readonly message: string;
}

/**
 * No provider can answer (Ollama stopped, model not pulled, key missing, bridge command absent). The message is
 * written for a salesperson; `details` carries what an engineer needs (host, model, exit code, stdout, stderr).
 * It is an UnavailableError, so a route that lets it through answers 503 `{error, message, details}`, never a 500.
 */
export class LanguageModelUnavailableError extends UnavailableError {
  constructor(
    message: string,
    override readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message, details);
    this.name = 'LanguageModelUnavailableError';
  }
}
