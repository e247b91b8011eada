import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export interface LoadSampler {
  start(): void;
  stop(): void;
  /** 99th percentile event-loop delay over the last completed window, in ms. */
  eventLoopDelayP99Ms(): number;
}

/**
 * Measures event-loop delay in windows: each window's p99 is kept and the histogram reset, so health reports
 * the recent state rather than the average since start. Timers are unref'd and cleared on stop().
 */
export function createLoadSampler(windowMs = 5000): LoadSampler {
  let histogram: IntervalHistogram | undefined;
  let timer: NodeJS.Timeout | undefined;
  let lastP99Ms = 0;
  const snapshot = () => {
    if (!histogram) return;
    if (histogram.count > 0) lastP99Ms = histogram.percentile(99) / 1e6;
    histogram.reset();
  };
  return {
    start() {
      if (histogram) return;
      histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      timer = setInterval(snapshot, windowMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      histogram?.disable();
      histogram = undefined;
      timer = undefined;
    },
    eventLoopDelayP99Ms() {
      if (histogram && histogram.count > 0 && lastP99Ms === 0) return histogram.percentile(99) / 1e6;
      return lastP99Ms;
    },
  };
}
