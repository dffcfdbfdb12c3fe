import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { sheetNameOf, XlsxFileWriter } from './xlsx-writer';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const columns = [
  { header: '姓名', width: 12 },
  { header: '手机号', width: 16 },
  { header: '金额', width: 10 },
];

async function written(name: string, batches: (string | number | Date | null)[][][], title = '项目人员') {
  const file = path.join(dir, name);
  const writer = new XlsxFileWriter(file, title, columns);
  for (const rows of batches) await writer.addRows(rows);
  await writer.finish();
  return file;
}

async function read(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook.worksheets[0];
}

/** Every entry of the ZIP's central directory, inflated and checked against its CRC-32 and sizes. */
function zipEntries(file: string): Map<string, string> {
  const data = fs.readFileSync(file);
  const end = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  expect(at + data.readUInt32LE(end + 12)).toBe(end);
  const entries = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    expect(data.readUInt32LE(at)).toBe(0x02014b50);
    const crc = data.readUInt32LE(at + 16);
    const compressedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    const local = data.readUInt32LE(at + 42);
    expect(data.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    const content = zlib.inflateRawSync(data.subarray(start, start + compressedSize));
    expect({ name, size: content.length, crc: zlib.crc32(content) }).toEqual({ name, size, crc });
    entries.set(name, content.toString('utf8'));
    at += 46 + nameLength;
  }
  return entries;
}

describe('XlsxFileWriter', () => {
  it('writes a valid package: every entry inflates to its recorded size and CRC-32', async () => {
    const file = await written('package.xlsx', [[['张伟', '137****1000', 12.5]]]);
    const entries = zipEntries(file);
    expect([...entries.keys()].sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(entries.get('xl/worksheets/sheet1.xml')).toContain('state="frozen"');
  });

  it('writes a bold header row, the column widths, text as text and numbers as numbers', async () => {
    const sheet = await read(
      await written('cells.xlsx', [
        [
          ['张伟', '13700001000', 12.5],
          ['李娜', null, 0],
        ],
      ]),
    );
    expect(sheet.name).toBe('项目人员');
    expect(sheet.getRow(1).values).toEqual([undefined, '姓名', '手机号', '金额']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(columns.map((_, index) => sheet.getColumn(index + 1).width)).toEqual([12, 16, 10]);
    expect(sheet.getCell('B2').value).toBe('13700001000');
    expect(sheet.getCell('C2').value).toBe(12.5);
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getCell('C3').value).toBe(0);
    expect(sheet.rowCount).toBe(3);
  });

  it('escapes markup, drops characters XML cannot hold, keeps spaces, emoji and formulas as text', async () => {
    const tricky = [
      ['<b>&"引号"\'</b>', '=1+1', '  前后空格  '],
      ['控制\u0000字符\u001f', '😀表情', ''],
    ];
    const sheet = await read(await written('tricky.xlsx', [tricky]));
    expect(sheet.getCell('A2').value).toBe('<b>&"引号"\'</b>');
    expect(sheet.getCell('B2').value).toBe('=1+1');
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('C2').value).toBe('  前后空格  ');
    expect(sheet.getCell('A3').value).toBe('控制字符');
    expect(sheet.getCell('B3').value).toBe('😀表情');
    expect(sheet.getCell('C3').value).toBeNull();
  });

  it('writes dates in China time and cuts text at the 32,767 characters a cell holds', async () => {
    const long = '长'.repeat(40_000);
    const sheet = await read(await written('limits.xlsx', [[[long, new Date('2026-11-21T16:30:05Z'), null]]]));
    expect(String(sheet.getCell('A2').value).length).toBe(32_767);
    expect(sheet.getCell('B2').value).toBe('2026-11-22 00:30:05');
  });

  it('writes every row of many batches in order, and a header-only file for no rows', async () => {
    const batches = Array.from({ length: 3 }, (_, batch) =>
      Array.from({ length: 2_000 }, (_, index) => [`人员${batch * 2_000 + index}`, null, batch * 2_000 + index]),
    );
    const sheet = await read(await written('many.xlsx', batches));
    expect(sheet.rowCount).toBe(6_001);
    expect(sheet.getCell('A6001').value).toBe('人员5999');
    expect(sheet.getCell('C4001').value).toBe(3_999);
    const empty = await read(await written('empty.xlsx', []));
    expect(empty.rowCount).toBe(1);
    expect(empty.getCell('A1').value).toBe('姓名');
  });

  it('writes repeated texts once in the shared-string table, which stays small whatever the row count', async () => {
    const rows = Array.from({ length: 5_000 }, (_, index) => [`人员${index}`, index % 2 ? '已加入' : '已退出', index]);
    const file = await written('shared.xlsx', [rows.slice(0, 2_500), rows.slice(2_500)]);
    const entries = zipEntries(file);
    const table = entries.get('xl/sharedStrings.xml') ?? '';
    // the first 1,000 names, then the two statuses
    expect(table).toContain('uniqueCount="1002"');
    expect(entries.get('xl/worksheets/sheet1.xml')).toContain(
      '<c r="A5001" t="inlineStr"><is><t>人员4999</t></is></c>',
    );
    const sheet = await read(file);
    expect(sheet.getCell('A2').value).toBe('人员0');
    expect(sheet.getCell('A5001').value).toBe('人员4999');
    expect(sheet.getCell('B5001').value).toBe('已加入');
    expect(sheet.getCell('B5000').value).toBe('已退出');
  });

  it('makes a valid sheet name of any title', () => {
    expect(sheetNameOf('项目/人员:导出[1]?*')).toBe('项目 人员 导出 1');
    expect(sheetNameOf('一'.repeat(40))).toHaveLength(31);
    expect(sheetNameOf("'/'")).toBe('Sheet1');
  });

  it('fails, never hangs, when the disk refuses the writes', async () => {
    const writer = new XlsxFileWriter('/dev/full', '项目人员', columns);
    const rows = Array.from({ length: 2_000 }, (_, index) => [`人员${index}`, '137****0000', index]);
    await expect(
      (async () => {
        for (let batch = 0; batch < 20; batch++) await writer.addRows(rows);
        await writer.finish();
      })(),
    ).rejects.toThrow(/ENOSPC/);
    await writer.abort();
  });

  it('aborts: the file is closed and nothing is written after', async () => {
    const file = path.join(dir, 'aborted.xlsx');
    const writer = new XlsxFileWriter(file, '项目人员', columns);
    await writer.addRows([['张伟', null, 1]]);
    // abort resolves once the worker has closed the file and stopped: nothing can write after it
    await writer.abort();
    fs.rmSync(file, { force: true });
    expect(fs.existsSync(file)).toBe(false);
    await expect(writer.addRows([['李娜', null, 2]])).rejects.toThrow();
  });
});
