/**
 * Batch progress on stderr. On a terminal: one bar redrawn in place (count, rate, ETA), at most
 * every `redrawMs`, replaced at the end by the closing line (`N/N pairs evaluated in X s`), which
 * stays. Elsewhere (CI logs): a plain line each time another 10 %
 * of the pairs is done or `intervalMs` has passed since the last line, and one closing line.
 * The clock is injected, so the formatting is testable without waiting.
 */

/** Where progress goes and how it looks. */
export interface ProgressOptions {
  readonly total: number;
  readonly write: (text: string) => void;
  /** A terminal: redraw one line in place. */
  readonly tty: boolean;
  /** Terminal width (the bar line stays shorter); 0 or absent (width unknown) = 80. @default 80 */
  readonly columns?: number | undefined;
  /** Milliseconds, monotonic. @default performance.now */
  readonly now?: () => number;
  /** Terminal: least time between redraws. @default 100 */
  readonly redrawMs?: number;
  /** Plain lines: longest time without a line while work goes on. @default 5000 */
  readonly intervalMs?: number;
  /** What is counted. @default "pairs" */
  readonly unit?: string;
}

/** A duration for people: `850ms`, `12.3s`, `4m05s`, `2h03m`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)}s`;
  const total = Math.round(s);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return h > 0 ? `${h}h${String(m).padStart(2, '0')}m` : `${m}m${String(sec).padStart(2, '0')}s`;
}

/** Items per second, to 3 significant digits (`0.412/s`, `37.5/s`, `1204/s`). */
export function formatRate(done: number, elapsedMs: number): string {
  if (done === 0 || elapsedMs <= 0) return '–/s';
  const r = (done * 1000) / elapsedMs;
  return `${r >= 1000 ? Math.round(r) : Number(r.toPrecision(3))}/s`;
}

/** Estimated time left at the rate so far (`?` before the first item is done). */
export function formatEta(done: number, total: number, elapsedMs: number): string {
  if (done >= total) return '0s';
  if (done === 0 || elapsedMs <= 0) return '?';
  return formatDuration(((total - done) * elapsedMs) / done);
}

/** The status text after the bar: `12/20 pairs (60%) · 3.41/s · ETA 2.3s`. */
export function formatStatus(
  done: number,
  total: number,
  elapsedMs: number,
  unit = 'pairs',
): string {
  const pct = total === 0 ? 100 : Math.floor((done * 100) / total);
  return `${done}/${total} ${unit} (${pct}%) · ${formatRate(done, elapsedMs)} · ETA ${formatEta(done, total, elapsedMs)}`;
}

/** A bar of `width` cells: `[########········]`. */
export function formatBar(done: number, total: number, width: number): string {
  const filled = total === 0 ? width : Math.min(width, Math.floor((done * width) / total));
  return `[${'#'.repeat(filled)}${'·'.repeat(width - filled)}]`;
}

/** Room kept for the status text beside the bar, so the bar keeps one width while the status changes. */
const STATUS_ROOM = 44;

/**
 * The terminal line: a bar of fixed width for `columns` (none below 10 cells) and the status,
 * cut to `columns - 1` so a redraw never wraps.
 */
export function formatProgressLine(
  done: number,
  total: number,
  elapsedMs: number,
  columns: number,
  unit = 'pairs',
): string {
  const status = formatStatus(done, total, elapsedMs, unit);
  const width = Math.min(30, columns - STATUS_ROOM - 3);
  const line = width < 10 ? status : `${formatBar(done, total, width)} ${status}`;
  return line.slice(0, Math.max(0, columns - 1));
}

const CLEAR_LINE = '\r\x1b[2K';

/** Progress of one batch; call `update` after each item, `done` at the end. */
export class Progress {
  readonly #o: Required<Omit<ProgressOptions, 'columns'>> & { columns: number };
  readonly #start: number;
  #count = 0;
  #lastDraw = Number.NEGATIVE_INFINITY;
  #lastLine: number;
  #lastTenth = 0;
  #drawn = false;

  constructor(options: ProgressOptions) {
    this.#o = {
      columns: options.columns !== undefined && options.columns > 0 ? options.columns : 80,
      now: options.now ?? (() => performance.now()),
      redrawMs: options.redrawMs ?? 100,
      intervalMs: options.intervalMs ?? 5000,
      unit: options.unit ?? 'pairs',
      total: options.total,
      write: options.write,
      tty: options.tty,
    };
    this.#start = this.#o.now();
    this.#lastLine = this.#start;
    if (this.#o.tty) this.#draw(this.#start);
  }

  /** Count `n` more items done (redraw or print a line when due). */
  update(n = 1): void {
    this.#count = Math.min(this.#o.total, this.#count + n);
    const now = this.#o.now();
    if (this.#o.tty) {
      if (now - this.#lastDraw >= this.#o.redrawMs || this.#count === this.#o.total)
        this.#draw(now);
      return;
    }
    if (this.#count === this.#o.total) return; // `done` prints the closing line
    const tenth = this.#o.total === 0 ? 10 : Math.floor((this.#count * 10) / this.#o.total);
    if (tenth > this.#lastTenth || now - this.#lastLine >= this.#o.intervalMs) {
      this.#lastTenth = Math.max(this.#lastTenth, tenth);
      this.#lastLine = now;
      this.#o.write(
        `envtrace: ${formatStatus(this.#count, this.#o.total, now - this.#start, this.#o.unit)}\n`,
      );
    }
  }

  /** End: the closing line, which replaces the bar on a terminal and stays. */
  done(): void {
    const now = this.#o.now();
    if (this.#o.tty) {
      if (this.#drawn) this.#o.write(CLEAR_LINE);
      this.#drawn = false;
    }
    const elapsed = now - this.#start;
    this.#o.write(
      `envtrace: ${this.#count}/${this.#o.total} ${this.#o.unit} evaluated in ${formatDuration(elapsed)} (${formatRate(this.#count, elapsed)})\n`,
    );
  }

  #draw(now: number): void {
    this.#lastDraw = now;
    this.#drawn = true;
    this.#o.write(
      `${CLEAR_LINE}${formatProgressLine(this.#count, this.#o.total, now - this.#start, this.#o.columns, this.#o.unit)}`,
    );
  }
}
