/**
 * The platform's PDFs (decision 0024): the settlement statement and voucher sheets, the settlement
 * reports, the demo's documents; drawn with pdf-lib in Noto Sans Hans (@embedpdf/fonts-sc, OFL), subset so a file carries only
 * the glyphs it uses (tens of KB, not the 8 MB font). Text extraction reads the Chinese back (a
 * ToUnicode map comes with the subset).
 *
 * The subset is made by upstream fontkit 2, not pdf-lib's own fork (@pdf-lib/fontkit 1.1): the
 * fork writes CID-keyed CFF subsets with an invalid header (offSize outside 1–4), which viewers
 * reject, so every glyph renders blank while the text still extracts (pdf.test.ts checks the header).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { type PDFFont, PDFDocument, type PDFPage, rgb } from 'pdf-lib';

let fontBytes: Promise<Buffer> | null = null;

/** Noto Sans Hans Regular, read once per process. */
function loadFont(): Promise<Buffer> {
  fontBytes ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    return fs.promises.readFile(path.join(path.dirname(entry), '../fonts/NotoSansHans-Regular.otf'));
  })();
  return fontBytes;
}

/**
 * fontkit 2 as pdf-lib asks for it: pdf-lib reads a subset through `encodeStream()`, which fontkit 2
 * replaced by `encode()`; the stream is made from the encoded bytes.
 */
const fontkitForPdfLib = {
  create(bytes: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(Buffer.from(bytes), postscriptName) as fontkit.Font;
    const createSubset = font.createSubset.bind(font);
    return Object.assign(font, {
      createSubset: () => {
        const subset = createSubset();
        return Object.assign(subset, { encodeStream: () => Readable.from([Buffer.from(subset.encode())]) });
      },
    });
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.13, 0.13, 0.13);
const MUTED = rgb(0.45, 0.45, 0.45);
const RULE = rgb(0.78, 0.78, 0.78);

export interface TableColumn {
  header: string;
  /** share of the usable width */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfSection {
  title: string;
  /** label and value pairs, two to a row */
  fields?: ReadonlyArray<readonly [string, string]>;
  table?: { columns: readonly TableColumn[]; rows: ReadonlyArray<readonly string[]>; emptyText?: string };
  /** running text, each wrapped to the page's width (an agreement's clauses) */
  paragraphs?: readonly string[];
}

export interface PdfDocumentSpec {
  title: string;
  subtitle?: string;
  sections: readonly PdfSection[];
  footer: string;
  /** document metadata */
  subject: string;
  /** wide tables: A4 on its side */
  landscape?: boolean;
  /** lines closing the document after the sections (a report's product footer) */
  closing?: readonly string[];
  /** PDFs whose pages follow the document's own (a report's files); one that cannot be read is skipped */
  appendPdfs?: readonly Uint8Array[];
}

/** Lays text out top to bottom, starting a new page when the next line would not fit. */
class Writer {
  private page: PDFPage;
  private y: number;
  private pageNo = 1;
  private readonly size: [number, number];

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly footer: string,
    landscape: boolean,
  ) {
    this.size = landscape ? [A4[1], A4[0]] : A4;
    this.page = this.newPage();
    this.y = this.size[1] - MARGIN;
  }

  get width() {
    return this.size[0] - MARGIN * 2;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage(this.size);
    page.drawText(`${this.footer}    第 ${this.pageNo} 页`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: this.font,
      color: MUTED,
    });
    return page;
  }

  ensure(height: number) {
    if (this.y - height >= MARGIN) return;
    this.pageNo += 1;
    this.page = this.newPage();
    this.y = this.size[1] - MARGIN;
  }

  /** Cuts text to fit `maxWidth` at `size`, with an ellipsis. */
  fit(text: string, size: number, maxWidth: number): string {
    if (this.font.widthOfTextAtSize(text, size) <= maxWidth) return text;
    let cut = text;
    while (cut.length > 1 && this.font.widthOfTextAtSize(`${cut}…`, size) > maxWidth) cut = cut.slice(0, -1);
    return `${cut}…`;
  }

  text(value: string, options: { size: number; x?: number; color?: ReturnType<typeof rgb>; center?: boolean }) {
    this.ensure(options.size + 6);
    const x = options.center
      ? MARGIN + (this.width - this.font.widthOfTextAtSize(value, options.size)) / 2
      : (options.x ?? MARGIN);
    this.y -= options.size;
    this.page.drawText(value, { x, y: this.y, size: options.size, font: this.font, color: options.color ?? INK });
    this.y -= 6;
  }

  gap(height: number) {
    this.y -= height;
  }

  rule() {
    this.ensure(4);
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: this.size[0] - MARGIN, y: this.y },
      thickness: 0.6,
      color: RULE,
    });
    this.y -= 6;
  }

  fields(pairs: ReadonlyArray<readonly [string, string]>) {
    const size = 10;
    const half = this.width / 2;
    for (let index = 0; index < pairs.length; index += 2) {
      this.ensure(size + 8);
      this.y -= size;
      for (const [column, pair] of pairs.slice(index, index + 2).entries()) {
        const text = this.fit(`${pair[0]}：${pair[1]}`, size, half - 8);
        this.page.drawText(text, { x: MARGIN + column * half, y: this.y, size, font: this.font, color: INK });
      }
      this.y -= 8;
    }
  }

  /** A paragraph broken into lines that fit the width; Chinese breaks between any two characters. */
  paragraph(text: string) {
    const size = 10;
    const lines: string[] = [];
    let line = '';
    for (const char of text) {
      if (line !== '' && this.font.widthOfTextAtSize(line + char, size) > this.width) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
    if (line !== '') lines.push(line);
    for (const each of lines) this.text(each, { size });
    this.gap(4);
  }

  table(columns: readonly TableColumn[], rows: ReadonlyArray<readonly string[]>, emptyText = '暂无数据') {
    const size = 8;
    const rowHeight = size + 8;
    const total = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / total) * this.width);
    const drawRow = (cells: readonly string[], header: boolean) => {
      this.ensure(rowHeight);
      this.y -= rowHeight;
      if (header)
        this.page.drawRectangle({
          x: MARGIN,
          y: this.y - 1,
          width: this.width,
          height: rowHeight,
          color: rgb(0.94, 0.95, 0.97),
        });
      let x = MARGIN;
      for (const [index, cell] of cells.entries()) {
        const text = this.fit(cell, size, widths[index] - 6);
        const right = !header && columns[index].align === 'right';
        const textX = right ? x + widths[index] - 3 - this.font.widthOfTextAtSize(text, size) : x + 3;
        this.page.drawText(text, { x: textX, y: this.y + 4, size, font: this.font, color: INK });
        x += widths[index];
      }
      this.page.drawLine({
        start: { x: MARGIN, y: this.y - 1 },
        end: { x: this.size[0] - MARGIN, y: this.y - 1 },
        thickness: 0.4,
        color: RULE,
      });
    };
    drawRow(
      columns.map((column) => column.header),
      true,
    );
    if (rows.length === 0) {
      this.ensure(rowHeight);
      this.y -= rowHeight;
      this.page.drawText(emptyText, { x: MARGIN + 3, y: this.y + 4, size, font: this.font, color: MUTED });
      return;
    }
    for (const row of rows) {
      // a page break repeats the header
      if (this.y - rowHeight < MARGIN) {
        this.ensure(rowHeight * 2);
        drawRow(
          columns.map((column) => column.header),
          true,
        );
      }
      drawRow(row, false);
    }
  }
}

/** A PDF of the given title and sections, in Chinese, with the font subset to what it uses. */
export async function renderPdf(spec: PdfDocumentSpec, createdAt: Date): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitForPdfLib);
  const font = await doc.embedFont(await loadFont(), { subset: true });
  doc.setTitle(spec.title);
  doc.setSubject(spec.subject);
  doc.setProducer('fieldpay');
  doc.setCreator('fieldpay');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const writer = new Writer(doc, font, spec.footer, spec.landscape ?? false);
  writer.text(spec.title, { size: 18, center: true });
  if (spec.subtitle) writer.text(spec.subtitle, { size: 9, center: true, color: MUTED });
  writer.gap(6);
  for (const section of spec.sections) {
    writer.gap(4);
    writer.text(section.title, { size: 12 });
    writer.rule();
    if (section.fields) writer.fields(section.fields);
    if (section.table) writer.table(section.table.columns, section.table.rows, section.table.emptyText);
    for (const paragraph of section.paragraphs ?? []) writer.paragraph(paragraph);
    writer.gap(6);
  }
  if (spec.closing?.length) {
    writer.gap(10);
    writer.rule();
    for (const line of spec.closing) writer.text(line, { size: 9, center: true, color: MUTED });
  }
  for (const bytes of spec.appendPdfs ?? []) {
    try {
      const source = await PDFDocument.load(bytes);
      const pages = await doc.copyPages(source, source.getPageIndices());
      for (const page of pages) doc.addPage(page);
    } catch {
      // an encrypted or broken file: the report names it, its pages stay out
    }
  }
  return Buffer.from(await doc.save());
}
