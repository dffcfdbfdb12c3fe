import { Worker } from 'node:worker_threads';
import type { Cell } from './definition';

export interface SheetColumn {
  header: string;
  width: number;
}

/** batches on their way to the worker before `addRows` waits: enough to keep both threads busy */
const MAX_BATCHES_IN_FLIGHT = 2;

/**
 * An xlsx file written by the exceljs streaming writer in a worker thread (xlsx-worker.mjs): rows
 * go over in batches, at most two batches wait, so memory stays flat whatever the row count.
 */
export class XlsxFileWriter {
  private readonly worker: Worker;
  private inFlight = 0;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private finished: Promise<void>;

  constructor(filePath: string, sheetName: string, columns: readonly SheetColumn[]) {
    this.worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
      workerData: { filePath, sheetName, columns: columns.map(({ header, width }) => ({ header, width })) },
    });
    this.finished = new Promise((resolve, reject) => {
      this.worker.on('message', (message: { written?: number; done?: boolean; error?: string }) => {
        if (message.written !== undefined) this.inFlight--;
        if (message.error) reject(new Error(message.error));
        if (message.done) resolve();
        this.wake?.();
      });
      this.worker.once('error', (error) => {
        this.failure = error;
        reject(error);
        this.wake?.();
      });
      this.worker.once('exit', (code) => {
        if (code !== 0) reject(new Error(`xlsx worker exited with ${code}`));
      });
    });
    // a failure is reported by addRows or finish; never as an unhandled rejection
    this.finished.catch(() => undefined);
  }

  async addRows(rows: Cell[][]): Promise<void> {
    while (this.inFlight >= MAX_BATCHES_IN_FLIGHT && !this.failure) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    if (this.failure) throw this.failure;
    this.inFlight++;
    this.worker.postMessage({ rows });
  }

  async finish(): Promise<void> {
    this.worker.postMessage({ finish: true });
    try {
      await this.finished;
    } finally {
      await this.worker.terminate();
    }
  }

  /** Stops the worker after a failure elsewhere; the partial file is the caller's to remove. */
  async abort(): Promise<void> {
    await this.worker.terminate();
  }
}
