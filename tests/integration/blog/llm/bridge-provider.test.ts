import { basename } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLanguageModel, LanguageModelUnavailableError } from '../../../../src/service/features/blog/llm/index.js';
import { errorHandler } from '../../../../src/service/http/error-handler.js';
import { llmConfig, silentLogger } from './llm-test-config.js';

/** A bridge whose command is `node -e '<script>'` (a real child process; scripts use double quotes only). */
function bridge(script: string, env: Record<string, string> = {}) {
  return createLanguageModel(llmConfig({ LLM_PROVIDER: 'bridge', LLM_BRIDGE_COMMAND: `"${process.execPath}" -e '${script}'`, ...env }), {
    logger: silentLogger,
  });
}

async function failure(promise: Promise<unknown>): Promise<LanguageModelUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LanguageModelUnavailableError);
  return error as LanguageModelUnavailableError;
}

const ask = [
  { role: 'system' as const, content: 'Write plain text.' },
  { role: 'user' as const, content: 'Explain DR4.' },
];

// Timeouts of 2 s leave a loaded machine time to start node before the run is stopped: its first output must be kept.
describe('bridge provider (LLM_BRIDGE_COMMAND as a real child process)', () => {
  it('sends the prompt on stdin and streams stdout through onText', async () => {
    const model = bridge(
      'let s = ""; process.stdin.on("data", (d) => (s += d)); process.stdin.on("end", () => { process.stdout.write("ANSWER "); setTimeout(() => process.stdout.write(s.toUpperCase()), 50); });',
    );
    expect(model).toMatchObject({ provider: 'bridge', id: `bridge:${basename(process.execPath)}` });
    const chunks: string[] = [];
    const answer = await model.chat({ messages: ask, onText: (chunk) => chunks.push(chunk) });
    expect(answer).toBe('ANSWER INSTRUCTIONS:\nWRITE PLAIN TEXT.\n\nREQUEST:\nEXPLAIN DR4.');
    expect(chunks).toEqual(['ANSWER ', 'INSTRUCTIONS:\nWRITE PLAIN TEXT.\n\nREQUEST:\nEXPLAIN DR4.']);
  });

  it('a failing run (exit code 3) carries exitCode, signal, stdout and stderr', async () => {
    const error = await failure(
      bridge('process.stdout.write("half an answer"); process.stderr.write("quota exhausted"); process.exit(3);').chat({ messages: ask }),
    );
    expect(error.message).toBe(`The bridge command ${process.execPath} failed with exit code 3; its stdout and stderr are in the details.`);
    expect(error.details).toMatchObject({ exitCode: 3, signal: null, stdout: 'half an answer', stderr: 'quota exhausted' });
  });

  it('a run past LLM_BRIDGE_TIMEOUT_MS is stopped and reported with its output so far', async () => {
    const error = await failure(
      bridge('process.stdout.write("thinking"); setInterval(() => {}, 1000);', { LLM_BRIDGE_TIMEOUT_MS: '2000' }).chat({ messages: ask }),
    );
    expect(error.message).toBe(`The bridge command ${process.execPath} did not finish within 2 seconds and was stopped.`);
    expect(error.details).toMatchObject({ exitCode: null, signal: 'SIGTERM', stdout: 'thinking', stderr: '', timeoutMs: 2000 });
  });

  it('a command that ignores SIGTERM is killed', async () => {
    const error = await failure(
      bridge('process.on("SIGTERM", () => {}); process.stdout.write("stubborn"); setInterval(() => {}, 1000);', { LLM_BRIDGE_TIMEOUT_MS: '2000' }).chat({
        messages: ask,
      }),
    );
    expect(error.details).toMatchObject({ exitCode: null, signal: 'SIGKILL', stdout: 'stubborn' });
  });

  it('a missing program is named in words, and the status says so too', async () => {
    const model = createLanguageModel(llmConfig({ LLM_PROVIDER: 'bridge', LLM_BRIDGE_COMMAND: 'no-such-assistant-cli -p' }), { logger: silentLogger });
    const error = await failure(model.chat({ messages: ask }));
    expect(error.message).toBe('The bridge command no-such-assistant-cli was not found on this laptop: install it or correct LLM_BRIDGE_COMMAND.');
    expect(error.details).toMatchObject({ error: 'ENOENT', stdout: '', stderr: '', command: 'no-such-assistant-cli -p' });
    expect(await model.status()).toMatchObject({ available: false });
    expect(await bridge('1').status()).toMatchObject({ provider: 'bridge', available: true });
  });

  it('an empty answer with exit code 0 is a failure, not an empty draft', async () => {
    const error = await failure(bridge('process.stderr.write("nothing to say");').chat({ messages: ask }));
    expect(error.message).toBe(`The bridge command ${process.execPath} finished without writing an answer.`);
    expect(error.details).toMatchObject({ exitCode: 0, stderr: 'nothing to say' });
  });

  it("stops the child when the caller aborts, rejecting with the caller's reason", async () => {
    const controller = new AbortController();
    const pending = bridge('process.stdout.write("started"); setInterval(() => {}, 1000);').chat({
      messages: ask,
      signal: controller.signal,
      onText: () => controller.abort(new Error('queue reset')),
    });
    await expect(pending).rejects.toThrow('queue reset');
  });

  it('reaches an API client as a 503 JSON body with the run details, never a 500', async () => {
    const error = await failure(bridge('process.stdout.write("partial"); process.stderr.write("boom"); process.exit(2);').chat({ messages: ask }));
    const app = Fastify();
    app.setErrorHandler(errorHandler);
    app.get('/fails', async () => {
      throw error;
    });
    const response = await app.inject({ method: 'GET', url: '/fails' });
    await app.close();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: 'Service Unavailable',
      message: `The bridge command ${process.execPath} failed with exit code 2; its stdout and stderr are in the details.`,
      details: { command: expect.any(String), exitCode: 2, signal: null, stdout: 'partial', stderr: 'boom' },
      requestId: expect.any(String),
    });
  });
});
