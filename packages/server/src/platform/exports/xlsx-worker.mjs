// The exceljs streaming writer in a worker thread (decision 0007): the export job reads and masks
// rows on the main thread while this thread renders them and zlib compresses, so an export costs
// about what the writer alone costs and the main thread stays free for requests. Plain JavaScript:
// a worker thread has no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * exceljs pushes rendered XML into the zip entry without waiting for the compressor, so a fast
 * producer piles up the whole sheet in memory. Rendering pauses above HIGH bytes waiting to be
 * compressed and goes on below LOW: memory stays flat and both sides keep working.
 */
const HIGH_WATER_BYTES = 8 << 20;
const LOW_WATER_BYTES = 4 << 20;

const { filePath, sheetName, columns } = workerData;
const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
  filename: filePath,
  // both would be held in memory until the end
  useStyles: false,
  useSharedStrings: false,
  // level 1 keeps the compressor up with the renderer; files are ~10% larger than at level 6
  zip: { zlib: { level: 1 } },
});
const sheet = workbook.addWorksheet(sheetName);
sheet.columns = columns;

const pause = () => new Promise((resolve) => setTimeout(resolve, 1));

/** Bytes rendered but not yet taken by the compressor (exceljs's stream and the zip entry's). */
function waiting() {
  const entry = sheet.stream.pipes?.[0];
  return entry?._writableState?.length ?? 0;
}

let queue = Promise.resolve();

parentPort.on('message', (message) => {
  // messages are handled strictly one after another, even while one waits for the compressor
  queue = queue.then(async () => {
    try {
      if (message.rows) {
        for (const row of message.rows) sheet.addRow(row).commit();
        if (waiting() > HIGH_WATER_BYTES) while (waiting() > LOW_WATER_BYTES) await pause();
        parentPort.postMessage({ written: message.rows.length });
        return;
      }
      sheet.commit();
      await workbook.commit();
      parentPort.postMessage({ done: true });
    } catch (error) {
      parentPort.postMessage({ error: String(error?.stack ?? error) });
    }
  });
});
