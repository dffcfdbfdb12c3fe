import { describe, expect, it } from 'vitest';
import { cellsOf, readAhead } from './definition';

/** A table of ids 1…n seen through readAhead, recording the queries and how many row reads overlap. */
function table(n: number, failAtWindow?: number) {
  const ids = Array.from({ length: n }, (_, index) => index + 1);
  const log = { idQueries: [] as [number, number][], rowQueries: 0, inFlight: 0, maxInFlight: 0 };
  const idsAfter = async (afterId: number, limit: number) => {
    log.idQueries.push([afterId, limit]);
    return ids.filter((id) => id > afterId).slice(0, limit);
  };
  const rowsOf = async (windowIds: number[]) => {
    log.rowQueries++;
    if (log.rowQueries === failAtWindow) throw new Error('database went away');
    log.inFlight++;
    log.maxInFlight = Math.max(log.maxInFlight, log.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    log.inFlight--;
    return windowIds.map((id) => ({ id }));
  };
  return { idsAfter, rowsOf, log };
}

async function collect<Row>(windows: AsyncIterable<Row[]>): Promise<Row[][]> {
  const all: Row[][] = [];
  for await (const window of windows) all.push(window);
  return all;
}

describe('readAhead', () => {
  it('yields every row once, in id order, in windows of the given size', async () => {
    const { idsAfter, rowsOf, log } = table(23);
    const windows = await collect(readAhead(idsAfter, rowsOf, 5));
    expect(windows.map((window) => window.length)).toEqual([5, 5, 5, 5, 3]);
    expect(windows.flat().map((row) => row.id)).toEqual(Array.from({ length: 23 }, (_, index) => index + 1));
    // ids for four windows per query, each query after the last id of the one before
    expect(log.idQueries).toEqual([
      [0, 20],
      [20, 20],
    ]);
    expect(log.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('stops after a full last window with one more ids query, and reads nothing of an empty table', async () => {
    const full = table(40);
    expect((await collect(readAhead(full.idsAfter, full.rowsOf, 10))).flat()).toHaveLength(40);
    expect(full.log.idQueries).toEqual([
      [0, 40],
      [40, 40],
    ]);
    const empty = table(0);
    expect(await collect(readAhead(empty.idsAfter, empty.rowsOf, 10))).toEqual([]);
    expect(empty.log.rowQueries).toBe(0);
  });

  it('reads the next window while the current one is being written', async () => {
    const { idsAfter, rowsOf, log } = table(30);
    let overlapped = false;
    for await (const _window of readAhead(idsAfter, rowsOf, 5)) {
      await new Promise((resolve) => setTimeout(resolve, 3));
      if (log.rowQueries > 1) overlapped = true;
    }
    expect(overlapped).toBe(true);
    expect(log.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('passes a failed read on to the consumer, after the windows before it', async () => {
    const { idsAfter, rowsOf } = table(30, 3);
    const seen: number[] = [];
    await expect(async () => {
      for await (const window of readAhead(idsAfter, rowsOf, 5)) seen.push(...window.map((row) => row.id));
    }).rejects.toThrow('database went away');
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('cellsOf', () => {
  const columns = [
    { header: '姓名', width: 10, value: (row: { name: string }) => row.name, mask: (text: string) => `${text[0]}*` },
    { header: '原文', width: 10, value: (row: { name: string }) => row.name },
  ];

  it('masks personal columns unless the export is unmasked', () => {
    expect(cellsOf(columns, { name: '张伟' }, false)).toEqual(['张*', '张伟']);
    expect(cellsOf(columns, { name: '张伟' }, true)).toEqual(['张伟', '张伟']);
  });
});
