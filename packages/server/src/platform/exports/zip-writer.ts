import { Worker } from 'node:worker_threads';

/**
 * Pieces go to the worker as UTF-8 in one of three buffers passed back and forth (transferred,
 * never copied: cloning text cost more than encoding it, and fresh buffers per piece piled up in
 * the worker, which seldom collects garbage). Three: one being compressed, one waiting, one being
 * filled; `writePiece` waits for a free one, which keeps memory flat.
 */
const PIECE_BUFFERS = 3;
const PIECE_BUFFER_BYTES = 1 << 20;
const encoder = new TextEncoder();
/** how long an abort waits for the worker to close the file before stopping it regardless */
const ABORT_WAIT_MS = 2_000;

/**
 * A ZIP file written by a worker thread (zip-worker.mjs): whole entries, then one entry streamed
 * in pieces of text, then the central directory. Memory stays flat whatever the file size; the
 * first failure is reported by the next call.
 */
export class ZipFileWriter {
  private readonly worker: Worker;
  private readonly freeBuffers = Array.from({ length: PIECE_BUFFERS }, () => new ArrayBuffer(PIECE_BUFFER_BYTES));
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private readonly finished: Promise<void>;

  constructor(filePath: string) {
    this.worker = new Worker(new URL('./zip-worker.mjs', import.meta.url), {
      workerData: { filePath },
      // it holds a few megabytes at most
      resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 },
    });
    this.finished = new Promise((resolve, reject) => {
      const fail = (error: Error) => {
        this.failure ??= error;
        reject(this.failure);
        this.wake?.();
      };
      this.worker.on('message', (message: { free?: ArrayBuffer; done?: boolean; error?: string }) => {
        // a buffer grown for an outsize piece is not kept
        if (message.free) {
          this.freeBuffers.push(
            message.free.byteLength > PIECE_BUFFER_BYTES ? new ArrayBuffer(PIECE_BUFFER_BYTES) : message.free,
          );
        }
        if (message.error) fail(new Error(message.error));
        if (message.done) resolve();
        this.wake?.();
      });
      this.worker.once('error', fail);
      this.worker.once('exit', (code) => {
        if (code !== 0) fail(new Error(`zip worker exited with ${code}`));
      });
    });
    // a failure is reported by the next call; never as an unhandled rejection
    this.finished.catch(() => undefined);
  }

  /** A small entry, compressed whole. */
  addEntry(name: string, content: string): void {
    this.check();
    this.worker.postMessage({ entry: name, content });
  }

  /** Starts the streamed entry; `writePiece` each piece of it, then `endEntry`. */
  startEntry(name: string): void {
    this.check();
    this.worker.postMessage({ start: name });
  }

  async writePiece(piece: string): Promise<void> {
    while (this.freeBuffers.length === 0 && !this.failure) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    this.check();
    let buffer = this.freeBuffers.pop() as ArrayBuffer;
    let { read, written } = encoder.encodeInto(piece, new Uint8Array(buffer));
    if (read < piece.length) {
      // an outsize piece (long texts) gets a buffer of its own
      buffer = new ArrayBuffer(Buffer.byteLength(piece));
      written = encoder.encodeInto(piece, new Uint8Array(buffer)).written;
    }
    this.worker.postMessage({ piece: buffer, length: written }, [buffer]);
  }

  endEntry(): void {
    this.check();
    this.worker.postMessage({ end: true });
  }

  /** Writes the central directory and closes the file. */
  async finish(): Promise<void> {
    this.check();
    this.worker.postMessage({ finish: true });
    try {
      await this.finished;
    } finally {
      await this.worker.terminate();
    }
  }

  /** Closes the file and stops the worker after a failure elsewhere; the partial file is the caller's to remove. */
  async abort(): Promise<void> {
    const aborted = new Promise<void>((resolve) => {
      this.worker.on('message', (message: { aborted?: boolean }) => message.aborted && resolve());
      this.worker.once('exit', () => resolve());
    });
    this.worker.postMessage({ abort: true });
    await Promise.race([aborted, new Promise((resolve) => setTimeout(resolve, ABORT_WAIT_MS).unref())]);
    await this.worker.terminate();
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }
}
