import zlib from 'node:zlib';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf';

const spec = {
  title: '对账确认单',
  subtitle: '结算单号：JS26112200000001',
  subject: 'test',
  footer: '华东众包服务平台 · 对账确认单',
  landscape: true,
  sections: [
    {
      title: '结算信息',
      fields: [['企业名称', '杭州星联医药科技有限公司'] as const, ['服务类型', '采购服务'] as const],
    },
    {
      title: '人员明细',
      table: {
        columns: [
          { header: '姓名', width: 10 },
          { header: '结算金额(元)', width: 10, align: 'right' as const },
        ],
        rows: Array.from({ length: 60 }, (_, index) => [`张伟${index}`, '10300.00']),
      },
    },
  ],
};

describe('the settlement PDFs', () => {
  it('embed a valid CFF subset of Noto Sans Hans, so viewers draw the glyphs (not only extract the text)', async () => {
    const bytes = await renderPdf(spec, new Date('2026-11-22T10:00:00+08:00'));
    const doc = await PDFDocument.load(bytes);
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFRawStream =>
          object instanceof PDFRawStream && String(object.dict.get(PDFName.of('Subtype'))) === '/CIDFontType0C',
      );
    expect(fonts).toHaveLength(1);
    const cff = zlib.inflateSync(Buffer.from(fonts[0].contents));
    // CFF header: major 1, header size 4, offSize 1–4 (@pdf-lib/fontkit's subset wrote 26 here)
    expect(cff[0]).toBe(1);
    expect(cff[2]).toBe(4);
    expect(cff[3]).toBeGreaterThanOrEqual(1);
    expect(cff[3]).toBeLessThanOrEqual(4);
    // a subset: far below the 8 MB font
    expect(bytes.length).toBeLessThan(200_000);
  });

  it('breaks a long table over pages, repeating nothing lost, and reads back in Chinese', async () => {
    const bytes = await renderPdf(spec, new Date('2026-11-22T10:00:00+08:00'));
    const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
    expect(doc.numPages).toBeGreaterThan(1);
    const texts: string[] = [];
    for (let pageNo = 1; pageNo <= doc.numPages; pageNo++) {
      const content = await (await doc.getPage(pageNo)).getTextContent();
      texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
    }
    const text = texts.join('\n');
    expect(text).toContain('杭州星联医药科技有限公司');
    for (let index = 0; index < 60; index++) expect(text).toContain(`张伟${index}`);
    expect(text).toContain('第 2 页');
  });
});
