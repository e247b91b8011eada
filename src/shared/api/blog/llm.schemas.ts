import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../schema-helpers.js';

/** The blog engine's language-model providers: an Ollama server on the laptop, a hosted model API, or a local command. */
export const LANGUAGE_MODEL_PROVIDERS = ['local', 'hosted', 'bridge'] as const;

const ProviderName = (description: string) => StringEnum(LANGUAGE_MODEL_PROVIDERS, { description });

export const LanguageModelStatusReply = Type.Object(
  {
    provider: ProviderName(
      'The provider that writes the drafts: local (Ollama on this laptop, OLLAMA_HOST and OLLAMA_MODEL), hosted (the Anthropic Messages API, ' +
        'ANTHROPIC_API_KEY) or bridge (the command in LLM_BRIDGE_COMMAND, prompt on stdin, answer on stdout)',
    ),
    requested_provider: ProviderName(
      'LLM_PROVIDER as configured (default local). It differs from provider when hosted is chosen without ANTHROPIC_API_KEY or bridge without ' +
        'LLM_BRIDGE_COMMAND: the local provider then answers, and message says so',
    ),
    id: Type.String({ description: "Provider and model, for example local:llama3.1:8b; the pipeline writes it into a draft's generated_by" }),
    available: Type.Boolean({
      description:
        'Whether the provider can answer now: local checks that Ollama answers GET /api/tags and lists the model; hosted that the key is set; ' +
        'bridge that the command is found. The check takes at most 5 seconds and never sends a prompt',
    }),
    message: Type.String({
      description: 'What works, or what to do, in words for the salesperson (for example "run ollama pull llama3.1:8b")',
    }),
    checked_at: Type.String({ format: 'date-time', description: 'When the check ran (the status is not cached)' }),
  },
  { additionalProperties: false },
);
export type LanguageModelStatusReply = Static<typeof LanguageModelStatusReply>;
