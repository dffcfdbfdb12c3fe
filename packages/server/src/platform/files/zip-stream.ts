import archiver from 'archiver';
import type { FileStorage } from './storage';

/** One stored file in a zip: its path inside the zip and where the storage keeps it. */
export interface ZipEntry {
  name: string;
  storageKey: string;
}

/** A name safe as one path segment in a zip on every system (Windows forbids \ / : * ? " < > |). */
export const zipSegment = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

/**
 * Entry names made unique: a second `a/x.jpg` becomes `a/2-x.jpg` (a zip may hold the same name
 * twice, but unpacking keeps only one of them).
 */
export function uniqueZipNames<T extends { name: string }>(entries: T[]): T[] {
  const used = new Set<string>();
  return entries.map((entry) => {
    const slash = entry.name.lastIndexOf('/');
    const folder = entry.name.slice(0, slash + 1);
    const base = entry.name.slice(slash + 1);
    let name = entry.name;
    for (let n = 2; used.has(name); n += 1) name = `${folder}${n}-${base}`;
    used.add(name);
    return { ...entry, name };
  });
}

/**
 * A zip of stored files, streamed as it is made. Entries are stored, not deflated (photos and
 * PDFs are compressed already). One file is open at a time, the next once the last is in the zip:
 * many files hold one handle, and the reader's pace (backpressure) sets the reading pace. The first
 * file is opened before the answer starts, so a missing file is an error answer, not a broken zip;
 * one gone half-way ends the stream as an error instead of a zip missing an entry.
 */
export async function zipOfStoredFiles(storage: FileStorage, entries: ZipEntry[]): Promise<archiver.Archiver> {
  const zip = archiver('zip', { store: true });
  const first = await storage.openRead(entries[0].storageKey);
  const fill = async () => {
    for (const [index, entry] of entries.entries()) {
      const stream = index === 0 ? first : await storage.openRead(entry.storageKey);
      const added = new Promise((resolve) => zip.once('entry', resolve));
      zip.append(stream, { name: entry.name });
      await added;
    }
    await zip.finalize();
  };
  fill().catch((error: Error) => zip.destroy(error));
  return zip;
}
