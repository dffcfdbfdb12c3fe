// The ZIP side of the xlsx writer, in a worker thread (decision 0008): the export job renders
// SpreadsheetML on the main thread and hands it here as UTF-8 bytes; this thread checksums,
// deflates and writes them, so rendering and compressing run on separate cores. Plain JavaScript:
// a worker thread has no TypeScript loader under the test runner.
import { once } from 'node:events';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

/** ZIP 2.0 without ZIP64: an entry or the whole file past 4 GiB is refused, never written corrupt. */
const ZIP32_LIMIT = 0xffff_ffff;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8_NAME = 0x0800;
const METHOD_DEFLATE = 8;
const VERSION = 20;

/** MS-DOS time and date of `at` (local time, 2-second resolution) */
function dosDateTime(at) {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((Math.max(at.getFullYear(), 1980) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * A streaming ZIP file writer: whole entries (small, compressed in one go) and at most one entry
 * streamed in pieces at a time, with the file stream's backpressure. Entries are deflated; the
 * streamed one carries a data descriptor because its sizes are known only at its end.
 */
class ZipFileWriter {
  entries = [];
  offset = 0;
  failure = null;

  constructor(filePath, level = zlib.constants.Z_BEST_SPEED, modifiedAt = new Date()) {
    this.level = level;
    this.stamp = dosDateTime(modifiedAt);
    this.file = fs.createWriteStream(filePath);
    this.file.on('error', (error) => {
      this.failure = error;
    });
    // a failing file (a full disk) stops every wait on the compressor for good: each wait races this
    this.fileFailed = once(this.file, 'error').then(([error]) => {
      throw error;
    });
    this.fileFailed.catch(() => undefined);
  }

  /** `promise`, or the file's failure if that comes first */
  orFileFailure(promise) {
    return Promise.race([promise, this.fileFailed]);
  }

  /** Adds a small entry held whole in memory. */
  async addEntry(name, content) {
    const data = typeof content === 'string' ? Buffer.from(content) : content;
    const compressed = zlib.deflateRawSync(data, { level: this.level });
    const entry = this.entry(name, 0, zlib.crc32(data), compressed.length, data.length);
    await this.write(this.localHeader(entry));
    await this.write(compressed);
  }

  /**
   * Starts a streamed entry; `write` each piece, then `end`. No other entry may be added until it
   * ends. One piece may wait for the compressor (which runs on a thread of its own) while the
   * caller makes the next: awaiting `write` keeps memory flat.
   */
  async startEntry(name) {
    const entry = this.entry(name, FLAG_DATA_DESCRIPTOR, 0, 0, 0);
    await this.write(this.localHeader(entry));
    const deflate = zlib.createDeflateRaw({ level: this.level });
    deflate.on('data', (chunk) => {
      entry.compressedSize += chunk.length;
      if (!this.file.write(chunk)) {
        deflate.pause();
        this.file.once('drain', () => deflate.resume());
      }
    });
    const deflated = this.orFileFailure(once(deflate, 'end'));
    // awaited by `end`; a failure meanwhile must not count as unhandled
    deflated.catch(() => undefined);
    let compressing = null;
    return {
      /** `data` is taken; `consumed` is called once the compressor is done with its bytes */
      write: async (data, consumed) => {
        if (compressing) await compressing;
        compressing = null;
        this.check();
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > ZIP32_LIMIT) throw new Error('zip entry over 4 GiB');
        if (!deflate.write(data, consumed)) {
          compressing = this.orFileFailure(once(deflate, 'drain'));
          compressing.catch(() => undefined);
        }
      },
      end: async () => {
        if (compressing) await compressing;
        this.check();
        deflate.end();
        await deflated;
        this.offset += entry.compressedSize;
        if (this.offset > ZIP32_LIMIT) throw new Error('zip file over 4 GiB');
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc >>> 0, 4);
        descriptor.writeUInt32LE(entry.compressedSize, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.write(descriptor);
      },
    };
  }

  /** Writes the central directory and closes the file. */
  async finish() {
    const directoryOffset = this.offset;
    const headers = this.entries.map((entry) => {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      this.writeCommon(header, 8, entry);
      header.writeUInt16LE(0, 30); // extra
      header.writeUInt16LE(0, 32); // comment
      header.writeUInt16LE(0, 34); // disk
      header.writeUInt16LE(0, 36); // internal attributes
      header.writeUInt32LE(0, 38); // external attributes
      header.writeUInt32LE(entry.offset, 42);
      return Buffer.concat([header, entry.name]);
    });
    const directory = Buffer.concat(headers);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(directoryOffset, 16);
    await this.write(Buffer.concat([directory, end]));
    this.file.end();
    await once(this.file, 'close');
    this.check();
  }

  /** Closes the file after a failure; the partial file is the caller's to remove. */
  async abort() {
    if (this.file.closed) return;
    const closed = once(this.file, 'close').catch(() => undefined);
    this.file.destroy();
    await closed;
  }

  entry(name, flags, crc, compressedSize, size) {
    const entry = {
      name: Buffer.from(name),
      flags: flags | FLAG_UTF8_NAME,
      crc,
      compressedSize,
      size,
      offset: this.offset,
    };
    this.entries.push(entry);
    return entry;
  }

  localHeader(entry) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    this.writeCommon(header, 6, entry);
    header.writeUInt16LE(0, 28); // extra
    return Buffer.concat([header, entry.name]);
  }

  /** flags, method, time, date, crc, sizes, name length: the same run in the local and central headers */
  writeCommon(header, at, entry) {
    header.writeUInt16LE(entry.flags, at);
    header.writeUInt16LE(METHOD_DEFLATE, at + 2);
    header.writeUInt16LE(this.stamp.time, at + 4);
    header.writeUInt16LE(this.stamp.date, at + 6);
    header.writeUInt32LE(entry.crc >>> 0, at + 8);
    header.writeUInt32LE(entry.compressedSize, at + 12);
    header.writeUInt32LE(entry.size, at + 16);
    header.writeUInt16LE(entry.name.length, at + 20);
  }

  async write(data) {
    this.check();
    this.offset += data.length;
    if (this.offset > ZIP32_LIMIT) throw new Error('zip file over 4 GiB');
    if (!this.file.write(data)) await once(this.file, 'drain');
  }

  check() {
    if (this.failure) throw this.failure;
  }
}

/**
 * Messages, handled strictly in order: { entry, content } a whole entry; { start } a streamed
 * entry, then { piece, length } each (UTF-8 in a transferred ArrayBuffer, sent back as { free }
 * once compressed), { end }; { finish } the central directory (answered with { done }). A failure
 * is answered with { error }; { abort } closes the file at once (answered with { aborted }).
 */
const zip = new ZipFileWriter(workerData.filePath);
let streamed = null;
let queue = Promise.resolve();

parentPort.on('message', (message) => {
  // at once, not after what is queued: closes the file (a terminated thread would leak it)
  if (message.abort) {
    zip.abort().then(() => parentPort.postMessage({ aborted: true }));
    return;
  }
  queue = queue.then(async () => {
    try {
      if (message.entry !== undefined) await zip.addEntry(message.entry, message.content);
      else if (message.start !== undefined) streamed = await zip.startEntry(message.start);
      else if (message.piece !== undefined) {
        // the bytes go back to the main thread for the next piece once compressed
        const { piece, length } = message;
        await streamed.write(Buffer.from(piece, 0, length), () => parentPort.postMessage({ free: piece }, [piece]));
      } else if (message.end) await streamed.end();
      else if (message.finish) {
        await zip.finish();
        parentPort.postMessage({ done: true });
      }
    } catch (error) {
      await zip.abort();
      parentPort.postMessage({ error: String(error?.stack ?? error) });
    }
  });
});
