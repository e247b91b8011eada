import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerRunner, type WorkerRunner } from '../../../src/service/workers/worker-runner.js';
import { workerScript } from '../../../src/service/workers/worker-script.js';

// workerScript() looks beside the module it is given; the fixture worker lives in tests/fixtures/workers/.
const script = workerScript(new URL('../../fixtures/workers/here.ts', import.meta.url).href, 'echo.worker');

describe('worker helpers', () => {
  let runner: WorkerRunner<string, string> | undefined;
  afterEach(async () => runner?.close());

  it('finds a .ts script beside a source module and a .js one beside compiled code', () => {
    expect(workerScript('file:///app/src/x/a.ts', 'b.worker')).toEqual({ url: new URL('file:///app/src/x/b.worker.ts'), typescript: true });
    expect(workerScript('file:///app/out/x/a.js', 'b.worker')).toEqual({ url: new URL('file:///app/out/x/b.worker.js'), typescript: false });
  });

  it('answers concurrent requests by id, passes errors on, and restarts after the thread dies', async () => {
    runner = createWorkerRunner<string, string>(script, 'echo');
    expect(await Promise.all([runner.run('a'), runner.run('bc')])).toEqual(['A', 'BC']);
    await expect(runner.run('fail')).rejects.toThrow('asked to fail');
    await expect(runner.run('crash')).rejects.toThrow('echo worker exited with code 3');
    expect(await runner.run('again')).toBe('AGAIN');
  });

  it('refuses work once closed', async () => {
    runner = createWorkerRunner<string, string>(script, 'echo');
    expect(await runner.run('x')).toBe('X');
    await runner.close();
    await expect(runner.run('y')).rejects.toThrow('echo worker is closed');
  });
});
