// npm run bench: every benchmark, each against a baseline measured in the same
// run. Performance targets live here, never in tests: a target missed prints
// "short"; the exit code is non-zero only when a part could not run or checked
// a wrong result. BENCH_ONLY=lighthouse|replicas|api|lists|startup|outbox|throttle|chain runs one part.
const PARTS = ["lighthouse", "replicas", "api", "lists", "startup", "outbox", "throttle", "chain"] as const;
type Part = (typeof PARTS)[number];

async function main(only: Part | undefined): Promise<boolean> {
  const runs = (part: Part) => !only || only === part;
  let ok = true;
  // Lighthouse first: the chain part points this process's environment at its own database and chain.
  if (runs("lighthouse")) {
    const { lighthouseBench } = await import("./bench/lighthouse");
    await lighthouseBench();
  }
  if (runs("replicas")) {
    if (!only) console.log();
    const { replicasBench } = await import("./bench/replicas");
    ok = (await replicasBench()) && ok;
  }
  if (runs("api")) {
    if (!only) console.log();
    const { apiBench } = await import("./bench/api");
    ok = (await apiBench()) && ok;
  }
  if (runs("lists")) {
    if (!only) console.log();
    const { listsBench } = await import("./bench/lists");
    ok = (await listsBench()) && ok;
  }
  if (runs("startup")) {
    if (!only) console.log();
    const { startupBench } = await import("./bench/startup");
    ok = (await startupBench()) && ok;
  }
  if (runs("outbox")) {
    if (!only) console.log();
    const { outboxBench } = await import("./bench/outbox");
    ok = (await outboxBench()) && ok;
  }
  if (runs("throttle")) {
    if (!only) console.log();
    const { throttleBench } = await import("./bench/throttle");
    ok = (await throttleBench()) && ok;
  }
  if (runs("chain")) {
    if (!only) console.log();
    const { chainBench } = await import("./bench/chain");
    ok = (await chainBench()) && ok;
  }
  return ok;
}

const only = process.env.BENCH_ONLY;
if (only && !PARTS.includes(only as Part)) {
  console.error(`BENCH_ONLY must be one of ${PARTS.join(", ")}`);
  process.exit(2);
}
main(only as Part | undefined).then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error("bench FAILED:", error);
    process.exit(1);
  },
);
