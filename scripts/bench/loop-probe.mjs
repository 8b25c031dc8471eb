// Loaded into a server the api bench starts (NODE_OPTIONS=--import=…): the event
// loop's delay, sampled every 5 ms by perf_hooks. On SIGUSR2 it writes the largest
// delay since the last signal (ms) to BENCH_LOOP_FILE and starts over. Bench only.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  process.on("SIGUSR2", () => {
    writeFileSync(file, JSON.stringify({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 }));
    histogram.reset();
  });
}
