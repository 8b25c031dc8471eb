// The outbox part of `npm run bench` (BENCH_ONLY=outbox): claim e-mails per second through
// `npm run worker` (one and two copies) to a local SMTP sink, on SQLite and on PostgreSQL,
// with the queue's depth over time. The sink answers at once, or greets after 100 ms as
// real servers do. Baseline, in the same run: the dispatcher's own SMTP transport (same
// pooled connections, same message) sending the same number of messages with no database.
// Target (issue 24): one worker sends ≥ 100 e-mails a second to the instant sink.
// Then the operator's bad minute: three replicas and one worker on PostgreSQL under 40 writers
// for BENCH_RESTART_SECONDS (45), `pg_ctl restart -m fast` halfway; target: no process exits,
// nothing sent twice, the backlog drained within 10 s of the load ending.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@prisma/client";
import { smtpTransport } from "~/adapters/notifications/transports/smtp.server";
import type { ClaimNotificationPayload } from "~/domain/notifications.server";
import { composeWith } from "~/domain/claim-messages.server";
import { DEFAULT_TEMPLATES } from "~/domain/messages/default-templates";
import { fallbackProfile } from "~/domain/shop-profile.server";
import { createPrismaClient } from "~/db/prisma-client.server";
import { loadNotifyConfig } from "~/wiring/config.server";
import { migratePostgresDatabase } from "../../test/support/global-setup-postgres";
import { startPostgres } from "../../test/support/postgres";
import { migratedDatabase, startServer, startWorker, type AppProcess } from "../../test/support/processes";
import { startSmtpSink, type SmtpSink } from "../../test/support/smtp-sink";
import { TEST_ENV } from "../../test/support/test-env";
import { writerLoad } from "../../test/support/writer-load";
import { newApiKeySecret } from "~/domain/api-keys.server";
import { newId } from "~/domain/ids";

const MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 3000);
/** What one worker runs with by default. */
const CONCURRENCY = loadNotifyConfig({}).NOTIFY_CONCURRENCY;
const TARGET_PER_SECOND = 100;
const SAMPLE_MS = 500;
const SHOP = "bench-outbox.myshopify.com";
const MAIL_FROM = "cards@bench.example.com";
const RESTART_SECONDS = Number(process.env.BENCH_RESTART_SECONDS ?? 45);
const WRITERS = 40;
const DRAIN_TARGET_SECONDS = 10;

const PAYLOAD: ClaimNotificationPayload = {
  code: "7KQ2-M9XD-R4TB",
  claimUrl: `https://${SHOP}/apps/twincards/redeem?code=7KQ2-M9XD-R4TB`,
  claimTarget: "THEME",
  expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  cards: [{ name: "Gold membership", imageUrl: "https://cdn.example.com/gold.png", metadata: [] }],
};

/** `count` e-mails waiting in the outbox, as card creation queues them. */
async function queue(client: PrismaClient, count: number) {
  const redemptionId = `rdm_${randomUUID()}`;
  await client.redemption.create({
    data: { id: redemptionId, shop: SHOP, codeHash: randomUUID(), expiresAt: new Date(PAYLOAD.expiresAt) },
  });
  for (let start = 0; start < count; start += 500) {
    await client.notification.createMany({
      data: Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
        id: `ntf_bench_${randomUUID()}`,
        shop: SHOP,
        redemptionId,
        channel: "EMAIL",
        destination: `buyer${start + i}@example.com`,
        payload: PAYLOAD as object,
      })),
    });
  }
}

interface Drain {
  perSecond: number;
  seconds: number;
  /** Messages still waiting (PENDING or SENDING), every SAMPLE_MS. */
  depth: number[];
  duplicates: number;
}

/** Starts `workers` workers on a full queue and times them until the sink has every message. */
async function drain(url: string, sink: SmtpSink, workers: number): Promise<Drain> {
  const client = createPrismaClient(url);
  const processes: AppProcess[] = [];
  try {
    await client.notification.deleteMany({ where: { shop: SHOP } });
    await queue(client, MESSAGES);
    const before = sink.delivered();
    const env = {
      ...TEST_ENV,
      DATABASE_URL: url,
      SMTP_URL: sink.url,
      MAIL_FROM,
      NOTIFY_POLL_MS: "100",
      WEBHOOK_WORKER: "off",
      ORDER_WORKER: "off",
    };
    processes.push(...(await Promise.all(Array.from({ length: workers }, () => startWorker(env)))));
    const started = performance.now();
    const depth: number[] = [];
    const sampler = setInterval(() => {
      void client.notification.count({ where: { shop: SHOP, status: { in: ["PENDING", "SENDING"] } } }).then((n) => depth.push(n));
    }, SAMPLE_MS);
    while (sink.delivered() - before < MESSAGES) {
      if (performance.now() - started > 300_000)
        throw new Error(`Only ${sink.delivered() - before} of ${MESSAGES} messages arrived in 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    return { perSecond: MESSAGES / seconds, seconds, depth, duplicates: sink.duplicates().length };
  } finally {
    await Promise.all(processes.map((worker) => worker.stop()));
    await client.$disconnect();
  }
}

/** The baseline: the same transport sending the same message MESSAGES times, CONCURRENCY at once, no database. */
async function bareTransport(sink: SmtpSink): Promise<number> {
  const transport = smtpTransport({ url: sink.url, mailFrom: MAIL_FROM, connections: CONCURRENCY });
  // Rendered once, as the dispatcher renders each row before sending it.
  const { fellBack: _fellBack, ...message } = composeWith(fallbackProfile(SHOP), (language) => DEFAULT_TEMPLATES[language], PAYLOAD);
  let next = 0;
  const started = performance.now();
  const lane = async () => {
    for (let i = next++; i < MESSAGES; i = next++) {
      await transport.send({
        id: `ntf_bare_${randomUUID()}`,
        shop: SHOP,
        channel: "EMAIL",
        destination: `buyer${i}@example.com`,
        payload: PAYLOAD,
        message,
      });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const perSecond = MESSAGES / ((performance.now() - started) / 1000);
  await transport.close?.();
  return perSecond;
}

/** The depth samples, thinned to at most 12 values, e.g. "3000 2410 1780 … 0". */
const timeline = (depth: number[]) => {
  const step = Math.max(1, Math.ceil(depth.length / 12));
  return depth
    .filter((_, i) => i % step === 0)
    .concat(depth.length ? [depth.at(-1)!] : [])
    .join(" ");
};

/** Three replicas and a worker under WRITERS writers, PostgreSQL restarted halfway; whether it held, with its figures. */
async function restartUnderLoad(): Promise<boolean> {
  const postgres = await startPostgres();
  const sink = await startSmtpSink();
  const processes: AppProcess[] = [];
  const shop = "bench-restart.myshopify.com";
  try {
    const url = await postgres.createDatabase("bench_restart");
    await migratePostgresDatabase(url);
    const client = createPrismaClient(url);
    const keys: string[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const { key, prefix, keyHash } = newApiKeySecret();
      await client.apiKey.create({ data: { id: newId("key"), shop, label: `writer ${i}`, prefix, keyHash } });
      keys.push(key);
    }
    const env = { ...TEST_ENV, DATABASE_URL: url, SMTP_URL: sink.url, MAIL_FROM };
    processes.push(...(await Promise.all([0, 1, 2].map(() => startServer({ ...env, NOTIFY_DISPATCHER: "off" })))));
    processes.push(await startWorker({ ...env, NOTIFY_POLL_MS: "100" }));
    const exited: number[] = [];
    processes.forEach((process, i) => void process.exited.then(() => exited.push(i)));
    const load = writerLoad({
      servers: processes.slice(0, 3).map((server) => server.url),
      keys,
      writers: WRITERS,
      seconds: RESTART_SECONDS,
    });
    await new Promise((resolve) => setTimeout(resolve, (RESTART_SECONDS / 2) * 1000));
    await postgres.restart();
    const answers = await load;
    const loadEnded = performance.now();
    const waiting = () => client.notification.count({ where: { shop, status: { not: "SENT" } } });
    const backlog = await waiting();
    while ((await waiting()) > 0 && performance.now() - loadEnded < 120_000) await new Promise((resolve) => setTimeout(resolve, 100));
    const drainSeconds = (performance.now() - loadEnded) / 1000;
    const queued = await client.notification.count({ where: { shop } });
    await client.$disconnect();

    const statuses: Record<string, number> = {};
    for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    const failures = answers.filter((answer) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503)).length;
    const held = exited.length === 0 && failures === 0 && sink.duplicates().length === 0 && sink.delivered() === queued;
    console.log("");
    console.log(
      `## Restart under load: 3 replicas + 1 worker on PostgreSQL, ${WRITERS} writers for ${RESTART_SECONDS} s, pg_ctl restart -m fast at ${RESTART_SECONDS / 2} s`,
    );
    console.log("");
    console.log(
      "| requests by status | processes exited | connection errors or 5xx but 503 | messages queued | delivered | sent twice | waiting when the load ended | drained after the load |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    console.log(
      `| ${Object.entries(statuses)
        .map(([status, n]) => `${status}: ${n}`)
        .join(
          ", ",
        )} | ${exited.length} | ${failures} | ${queued} | ${sink.delivered()} | ${sink.duplicates().length} | ${backlog} | ${drainSeconds.toFixed(1)} s |`,
    );
    console.log("");
    console.log(
      `Target: the backlog drained within ${DRAIN_TARGET_SECONDS} s of the load ending: ${drainSeconds <= DRAIN_TARGET_SECONDS ? "pass" : "short"}`,
    );
    if (!held) console.log("WRONG: a process exited, a request failed other than 503, or a message was lost or sent twice");
    return held;
  } finally {
    await Promise.all(processes.map((process) => process.stop()));
    await sink.close();
    await postgres.stop();
  }
}

export async function outboxBench(): Promise<boolean> {
  console.log(`## Outbox: ${MESSAGES} claim e-mails through npm run worker (${CONCURRENCY} at once each) to a local SMTP sink`);
  console.log("");
  console.log(
    "| database | sink greets after | bare transport msg/s | 1 worker msg/s (ratio) | 2 workers msg/s (ratio) | duplicates | queue depth every 0.5 s (1 worker) |",
  );
  console.log("|---|---|---|---|---|---|---|");
  const sqlite = migratedDatabase("bench-outbox");
  const postgres = await startPostgres();
  let ok = true;
  let correct = true;
  let onePostgresInstant = 0;
  try {
    const postgresUrl = await postgres.createDatabase("bench_outbox");
    await migratePostgresDatabase(postgresUrl);
    for (const [kind, url] of [
      ["SQLite", sqlite.url],
      ["PostgreSQL", postgresUrl],
    ] as const) {
      for (const greetingMs of [0, 100]) {
        const sink = await startSmtpSink({ greetingMs });
        try {
          const bare = await bareTransport(sink);
          const one = await drain(url, sink, 1);
          const two = await drain(url, sink, 2);
          if (greetingMs === 0) {
            ok = ok && one.perSecond >= TARGET_PER_SECOND;
            if (kind === "PostgreSQL") onePostgresInstant = one.perSecond;
          }
          const duplicates = one.duplicates + two.duplicates;
          if (duplicates > 0) correct = false;
          const ratio = (value: number) => `${value.toFixed(0)} (${(value / bare).toFixed(2)}×)`;
          console.log(
            `| ${kind} | ${greetingMs} ms | ${bare.toFixed(0)} | ${ratio(one.perSecond)} | ${ratio(two.perSecond)} | ${duplicates} | ${timeline(one.depth)} |`,
          );
        } finally {
          await sink.close();
        }
      }
    }
  } finally {
    await postgres.stop();
    sqlite.remove();
  }
  console.log("");
  console.log(
    `Target: one worker sends ≥ ${TARGET_PER_SECOND} e-mails a second to the instant sink: ${ok ? "pass" : "short"} (PostgreSQL: ${onePostgresInstant.toFixed(0)}/s)`,
  );
  if (!correct) console.log("WRONG: a message was delivered twice");
  return (await restartUnderLoad()) && correct;
}
