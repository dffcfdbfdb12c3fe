import { chinaDateTime } from '../china-time';
import type { Cell } from './definition';
import { ZipFileWriter } from './zip-writer';

export interface SheetColumn {
  header: string;
  /** in characters */
  width: number;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel's limit on the text of one cell */
const MAX_CELL_CHARS = 32_767;
/** Excel's limit on a sheet name, and the characters it refuses in one */
const MAX_SHEET_NAME_CHARS = 31;
const SHEET_NAME_REFUSED = /[\\/?*[\]:]/g;
/**
 * Distinct texts one column may put in the shared-string table. Repeated texts (project, client,
 * status) are then written once and referenced by number, which shortens the XML to render and
 * compress; a column of mostly distinct texts (names, phones) writes the rest inline, so the table,
 * held until the end, stays small whatever the row count.
 */
const SHARED_TEXTS_PER_COLUMN = 1_000;
/** longer texts are always written inline */
const SHARED_TEXT_MAX_CHARS = 64;

const CONTENT_TYPES = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const PACKAGE_RELS = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
/** two cell formats: 0 plain, 1 bold (the header row) */
const STYLES = `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="宋体"/><family val="2"/></font><font><b/><sz val="11"/><name val="宋体"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="常规" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** characters XML 1.0 does not allow in text: dropped */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters to find
const XML_SPECIAL = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeXml(text: string): string {
  if (!XML_SPECIAL.test(text)) return text;
  return text.replace(XML_INVALID, '').replace(/[&<>"]/g, (char) => XML_ESCAPES[char]);
}

/** A, B, … Z, AA, … */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A valid, non-empty sheet name */
export function sheetNameOf(title: string): string {
  const name = title
    .replace(SHEET_NAME_REFUSED, ' ')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, MAX_SHEET_NAME_CHARS);
  return name || 'Sheet1';
}

/** The text of a cell as Excel can hold it, or null for an empty cell; numbers are not text. */
function cellText(value: Cell): string | null {
  if (value === null || value === undefined) return null;
  const text = value instanceof Date ? chinaDateTime(value) : String(value);
  if (text === '') return null;
  return text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text;
}

/** `<t>` with its text, keeping leading and trailing spaces */
function textElement(text: string): string {
  return text.trim() === text ? `<t>${escapeXml(text)}</t>` : `<t xml:space="preserve">${escapeXml(text)}</t>`;
}

/**
 * An xlsx file of one sheet, streamed (decision 0008): the header row (bold, frozen), column
 * widths, then rows rendered straight to SpreadsheetML text (no per-cell objects) and deflated as
 * they come, so memory stays flat whatever the row count. Text is written as text (a leading = is
 * never a formula), numbers as numbers, dates in China time.
 */
export class XlsxFileWriter {
  private readonly zip: ZipFileWriter;
  private readonly letters: string[];
  private started = false;
  private rowNumber = 1;
  /** the shared-string table: text → index */
  private readonly sharedTexts = new Map<string, number>();
  /** how many more texts each column may enter in the table */
  private readonly sharedRoomOfColumn: number[];

  constructor(
    filePath: string,
    private readonly sheetTitle: string,
    private readonly columns: readonly SheetColumn[],
  ) {
    this.zip = new ZipFileWriter(filePath);
    this.letters = columns.map((_, index) => columnLetters(index));
    this.sharedRoomOfColumn = columns.map(() => SHARED_TEXTS_PER_COLUMN);
  }

  async addRows(rows: readonly Cell[][]): Promise<void> {
    let xml = this.started ? '' : this.start();
    for (const row of rows) xml += this.rowXml(row);
    await this.zip.writePiece(xml);
  }

  async finish(): Promise<void> {
    await this.zip.writePiece(`${this.started ? '' : this.start()}</sheetData></worksheet>`);
    this.zip.endEntry();
    let table = `${XML_DECLARATION}<sst xmlns="${MAIN_NS}" uniqueCount="${this.sharedTexts.size}">`;
    for (const text of this.sharedTexts.keys()) table += `<si>${textElement(text)}</si>`;
    this.zip.addEntry('xl/sharedStrings.xml', `${table}</sst>`);
    await this.zip.finish();
  }

  /** Closes the file after a failure elsewhere; the partial file is the caller's to remove. */
  async abort(): Promise<void> {
    await this.zip.abort();
  }

  /** Posts the package's fixed parts and starts the sheet; answers the sheet's text up to its first row. */
  private start(): string {
    this.started = true;
    const workbook = `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetNameOf(this.sheetTitle))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    this.zip.addEntry('[Content_Types].xml', CONTENT_TYPES);
    this.zip.addEntry('_rels/.rels', PACKAGE_RELS);
    this.zip.addEntry('xl/workbook.xml', workbook);
    this.zip.addEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    this.zip.addEntry('xl/styles.xml', STYLES);
    this.zip.startEntry('xl/worksheets/sheet1.xml');
    const widths = this.columns
      .map((column, index) => `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`)
      .join('');
    const frozenHeader =
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>';
    return `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">${frozenHeader}<sheetFormatPr defaultRowHeight="15"/>${widths ? `<cols>${widths}</cols>` : ''}<sheetData>${this.headerXml()}`;
  }

  /** the header row: bold inline texts */
  private headerXml(): string {
    const number = this.rowNumber++;
    const cells = this.columns.map(
      (column, index) =>
        `<c r="${this.letters[index]}${number}" s="1" t="inlineStr"><is>${textElement(column.header)}</is></c>`,
    );
    return `<row r="${number}">${cells.join('')}</row>`;
  }

  private rowXml(row: readonly Cell[]): string {
    const number = this.rowNumber++;
    let xml = `<row r="${number}">`;
    for (let index = 0; index < this.letters.length; index++) {
      const value = row[index];
      const ref = `${this.letters[index]}${number}`;
      if (typeof value === 'number' && Number.isFinite(value)) {
        xml += `<c r="${ref}"><v>${value}</v></c>`;
        continue;
      }
      const text = cellText(value);
      if (text === null) continue;
      const shared = this.sharedIndex(text, index);
      xml +=
        shared === undefined
          ? `<c r="${ref}" t="inlineStr"><is>${textElement(text)}</is></c>`
          : `<c r="${ref}" t="s"><v>${shared}</v></c>`;
    }
    return `${xml}</row>`;
  }

  /**
   * The text's index in the shared-string table, entered there while its column has room. A
   * column that has filled its share writes inline from then on without looking texts up.
   */
  private sharedIndex(text: string, column: number): number | undefined {
    const room = this.sharedRoomOfColumn[column];
    if (room === 0 || text.length > SHARED_TEXT_MAX_CHARS) return undefined;
    const known = this.sharedTexts.get(text);
    if (known !== undefined) return known;
    this.sharedRoomOfColumn[column] = room - 1;
    const index = this.sharedTexts.size;
    this.sharedTexts.set(text, index);
    return index;
  }
}
