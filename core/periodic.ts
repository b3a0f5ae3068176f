/**
 * Work every instance does on a timer (the daily run's look at the schedule, the scheduled
 * publishing sweep, the revisions' housekeeping): once at start, then again `delay()` after each
 * run ends, so runs never overlap; a failed run is logged and the next one still comes. `stop()`
 * waits for a run in progress.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly work: () => Promise<unknown>,
    /** Milliseconds from the end of a run to the next. */
    private readonly delay: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private run(): void {
    this.running = this.work()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.run(), Math.max(20, this.delay()));
        this.timer.unref();
      });
  }
}

/**
 * A PeriodicTask that sweeps at a fixed interval (the scheduled publishing, the booking reminders,
 * the lawyers' calendars, the housekeeping): a failed sweep is logged with `failed` as its message.
 */
export class Sweep extends PeriodicTask {
  constructor(sweep: () => Promise<unknown>, everyMs: number, log: { error(fields: object, message: string): void }, failed: string) {
    super(sweep, () => everyMs, (error) => log.error({ err: error }, failed));
  }
}
