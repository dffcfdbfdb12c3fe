import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where file bytes live (DESIGN §1 "storage" integration). Keys are made by the server only
 * (`t{tenantId}/{yyyymm}/{fileKey}.{ext}`), never from a client's name or path.
 */
export interface FileStorage {
  /** Takes over a finished local file (an upload that passed every check). */
  putFile(key: string, localPath: string): Promise<void>;
  putBuffer(key: string, bytes: Buffer): Promise<void>;
  /** Rejects with ENOENT when the bytes are gone. */
  openRead(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^t\d+\/\d{6}\/[A-Za-z0-9_-]{16,32}\.[a-z0-9]{1,10}$/;

/** Files on the local disk under DATA_DIR/files (the default). */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  /** Refuses any key the server would not have made, then stays inside the root whatever happens. */
  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`storage key escapes root: ${key}`);
    return resolved;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.promises.rename(localPath, target);
    } catch (error) {
      // another device: copy, then drop the scratch file
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await fs.promises.copyFile(localPath, target);
      await fs.promises.rm(localPath, { force: true });
    }
  }

  async putBuffer(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.writeFile(target, bytes);
  }

  async openRead(key: string): Promise<Readable> {
    // opened first, so a missing file fails here and not half-way through a reply
    const handle = await fs.promises.open(this.pathOf(key), 'r');
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }
}
