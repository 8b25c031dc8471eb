import { queueReminder, remindersDue } from "~/domain/code-reminders.server";
import { PollingWorker } from "~/lib/polling-worker";

export interface ReminderWorkerOptions {
  /** How often it looks for codes whose reminder is due (a minute by default: reminders are counted in days). */
  pollMs?: number;
  /** Codes read per look. */
  batchSize?: number;
  /** Only this shop's codes (tests). */
  shop?: string;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: Pick<Console, "info" | "warn" | "error">;
}

/**
 * Queues each code's expiry reminder once, a shop's number of days before it expires (issue 39, item 8;
 * decision 0071). It only writes the reminder's messages to the claim-message outbox, whose dispatcher
 * sends them. Any number may run: a code's reminder is marked by one conditional write in the
 * transaction that queues its messages, so only one worker ever queues them.
 */
export class ReminderWorker extends PollingWorker {
  private readonly batchSize: number;
  private readonly shop: string | undefined;
  private readonly now: () => Date;

  constructor(options: ReminderWorkerOptions = {}) {
    super("Reminder worker", options.pollMs ?? 60_000, options.log ?? console);
    this.batchSize = options.batchSize ?? 100;
    this.shop = options.shop;
    this.now = options.now ?? (() => new Date());
  }

  protected dueIds(): Promise<string[]> {
    return remindersDue(this.now(), this.batchSize, this.shop);
  }

  protected async processOne(id: string): Promise<string | undefined> {
    return (await queueReminder(id, this.now())) === undefined ? undefined : id;
  }
}
