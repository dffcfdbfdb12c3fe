import ExcelJS from 'exceljs';
import type { Cell } from './definition';

export interface SheetColumn {
  header: string;
  width: number;
}

/**
 * The exceljs streaming writer (DESIGN §2): each committed row goes to the zip stream at once, so
 * memory stays flat whatever the row count. No shared strings and no styles: both would be held
 * in memory until the end.
 */
export class XlsxFileWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(filePath: string, sheetName: string, columns: readonly SheetColumn[]) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: filePath,
      useStyles: false,
      useSharedStrings: false,
    });
    this.sheet = this.workbook.addWorksheet(sheetName);
    this.sheet.columns = columns.map((column) => ({ header: column.header, width: column.width }));
  }

  addRow(cells: Cell[]): void {
    this.sheet.addRow(cells).commit();
  }

  async finish(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
