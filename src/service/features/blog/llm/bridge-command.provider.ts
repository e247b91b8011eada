import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { type ChatMessage, type ChatRequest, type LanguageModel, type LanguageModelStatus, LanguageModelUnavailableError } from './language-model.types.js';
import { duration, rethrowIfAborted } from './network-failure.js';
import { findProgram } from './program-lookup.js';

export interface BridgeCommandOptions {
  /** Program and arguments (LLM_BRIDGE_COMMAND, split without a shell). */
  command: readonly string[];
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

/** What a failed run's details keep of each stream: enough to read the error, never megabytes in a JSON reply. */
const KEPT_OUTPUT_CHARS = 64 * 1024;
/** An answer larger than this is not a blog step's answer; the run is stopped rather than filling memory. */
const MAX_ANSWER_CHARS = 8 * 1024 * 1024;
/** Grace between SIGTERM and SIGKILL for a command that ignores the first. */
const KILL_GRACE_MS = 2000;

const ROLE_HEADINGS: Record<ChatMessage['role'], string> = { system: 'Instructions', user: 'Request', assistant: 'Your earlier answer' };

/** A command-line assistant reads one prompt: the turns in order, each under a heading, so roles survive the flattening. */
export function bridgePrompt(messages: readonly ChatMessage[]): string {
  if (messages.length === 1 && messages[0]?.role === 'user') return messages[0].content;
  return messages.map((message) => `${ROLE_HEADINGS[message.role]}:\n${message.content}`).join('\n\n');
}

function tail(text: string): string {
  return text.length <= KEPT_OUTPUT_CHARS ? text : `[first ${text.length - KEPT_OUTPUT_CHARS} characters cut]\n${text.slice(-KEPT_OUTPUT_CHARS)}`;
}

/**
 * The bridge provider: runs a local command (a coding assistant's command-line tool), the prompt on stdin and the
 * answer on stdout. Any failed run (missing program, exit code other than 0, a signal, the timeout, no answer) throws
 * LanguageModelUnavailableError with details {exitCode, signal, stdout, stderr, ...}, which the API answers as JSON.
 */
export function createBridgeCommandModel(options: BridgeCommandOptions): LanguageModel {
  const [program, ...args] = options.command as [string, ...string[]];
  const commandLine = options.command.join(' ');
  // The program's name only: the id ends up in every draft's generated_by, where a home-directory path has no place.
  const id = `bridge:${program.split(/[\\/]/).pop() ?? program}`;

  const run = ({ messages, signal, onText }: ChatRequest) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true, env: options.env ?? process.env });
      const out = new StringDecoder('utf8');
      const err = new StringDecoder('utf8');
      let stdout = '';
      let stderr = '';
      let stopped: 'timeout' | 'too-long' | 'aborted' | undefined;
      let spawnError: NodeJS.ErrnoException | undefined;
      let killTimer: NodeJS.Timeout | undefined;

      const stop = (why: NonNullable<typeof stopped>) => {
        if (stopped !== undefined || child.exitCode !== null) return;
        stopped = why;
        child.kill('SIGTERM');
        killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
        killTimer.unref();
      };
      const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
      const onAbort = () => stop('aborted');
      signal?.addEventListener('abort', onAbort, { once: true });

      child.stdout.on('data', (chunk: Buffer) => {
        const text = out.write(chunk);
        if (text === '') return;
        stdout += text;
        if (stdout.length > MAX_ANSWER_CHARS) return stop('too-long');
        onText?.(text);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += err.write(chunk);
        if (stderr.length > 2 * KEPT_OUTPUT_CHARS) stderr = stderr.slice(-KEPT_OUTPUT_CHARS);
      });
      // A command that exits without reading its input closes the pipe under us (EPIPE): the exit code says why.
      child.stdin.on('error', () => undefined);
      child.on('error', (error: NodeJS.ErrnoException) => {
        spawnError = error;
      });
      child.on('close', (exitCode, exitSignal) => {
        clearTimeout(timer);
        if (killTimer) clearTimeout(killTimer);
        signal?.removeEventListener('abort', onAbort);
        stdout += out.end();
        stderr += err.end();
        if (stopped === 'aborted') return reject(signal?.reason as Error);
        const details = { command: commandLine, exitCode, signal: exitSignal, stdout: tail(stdout), stderr: tail(stderr) };
        if (spawnError) {
          const missing = spawnError.code === 'ENOENT';
          return reject(
            new LanguageModelUnavailableError(
              missing
                ? `The bridge command ${program} was not found on this laptop: install it or correct LLM_BRIDGE_COMMAND.`
                : `The bridge command ${program} could not be started: ${spawnError.message}`,
              { ...details, error: spawnError.code ?? spawnError.message },
            ),
          );
        }
        if (stopped === 'timeout') {
          return reject(
            new LanguageModelUnavailableError(`The bridge command ${program} did not finish within ${duration(options.timeoutMs)} and was stopped.`, {
              ...details,
              timeoutMs: options.timeoutMs,
            }),
          );
        }
        if (stopped === 'too-long') {
          return reject(
            new LanguageModelUnavailableError(`The bridge command ${program} wrote more than ${MAX_ANSWER_CHARS} characters and was stopped.`, details),
          );
        }
        if (exitCode !== 0) {
          const how = exitCode === null ? `was ended by ${exitSignal ?? 'a signal'}` : `failed with exit code ${exitCode}`;
          return reject(new LanguageModelUnavailableError(`The bridge command ${program} ${how}; its stdout and stderr are in the details.`, details));
        }
        if (stdout.trim() === '') {
          return reject(new LanguageModelUnavailableError(`The bridge command ${program} finished without writing an answer.`, details));
        }
        resolve(stdout);
      });
      child.stdin.end(bridgePrompt(messages));
    });

  return {
    provider: 'bridge',
    id,
    async chat(request) {
      rethrowIfAborted(request.signal);
      return run(request);
    },
    // Only looks the program up: running an assistant to see whether it works would cost a prompt.
    async status(): Promise<LanguageModelStatus> {
      const found = await findProgram(program, options.env ?? process.env);
      return found
        ? { provider: 'bridge', id, available: true, message: `The bridge command ${program} is installed (${found}) and writes the drafts.` }
        : {
            provider: 'bridge',
            id,
            available: false,
            message: `The bridge command ${program} was not found on this laptop: install it or correct LLM_BRIDGE_COMMAND.`,
          };
    },
  };
}
