/**
 * The one page writer of our PDFs (receipts, statements, estimates, the exported record): a title, label-value rows,
 * lines and paragraphs broken between words (pdf-text.ts), new pages as the text runs on, in the embedded fonts
 * (pdf-fonts.ts) so every name prints as written.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedDocumentFonts } from './pdf-fonts';
import { wrapText } from './pdf-text';

/** The embedded font draws every letter as written; only control characters (a stray tab or line break) are made spaces. */
function printable(text: string): string {
  return [...text.normalize('NFC')].map((ch) => (ch.charCodeAt(0) < 0x20 || ch === '\u007f' ? ' ' : ch)).join('');
}

export class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([612, 792]);
    this.y = 740;
  }
  private room(height: number) {
    if (this.y - height < 60) {
      this.page = this.doc.addPage([612, 792]);
      this.y = 740;
    }
  }
  title(text: string) {
    this.room(40);
    this.page.drawText(printable(text), { x: 50, y: this.y, size: 20, font: this.bold });
    this.y -= 34;
  }
  /** A section's name, bold, with room above it. */
  heading(text: string) {
    this.room(36);
    this.y -= 8;
    this.page.drawText(printable(text), { x: 50, y: this.y, size: 13, font: this.bold });
    this.y -= 20;
  }
  row(name: string, value: string) {
    this.room(18);
    this.page.drawText(printable(name), { x: 50, y: this.y, size: 11, font: this.bold });
    this.page.drawText(printable(value), { x: 200, y: this.y, size: 11, font: this.font, maxWidth: 360 });
    this.y -= 18;
  }
  line(text: string, size = 10) {
    this.room(16);
    this.page.drawText(printable(text), { x: 50, y: this.y, size, font: this.font, maxWidth: 512 });
    this.y -= 16;
  }
  /** Text longer than a line, broken between words into as many lines as it takes (pdf-text.ts). */
  paragraph(text: string, size = 10) {
    for (const line of wrapText(printable(text), this.font, size, 512)) if (line) this.line(line, size);
  }
  rule() {
    this.room(14);
    this.page.drawLine({ start: { x: 50, y: this.y + 6 }, end: { x: 562, y: this.y + 6 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    this.y -= 10;
  }
}

/** A new document titled `title`, its first page begun with the title. */
export async function openDocument(title: string): Promise<{ doc: PDFDocument; w: Writer }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Mindful Care');
  // A fixed creation date keeps the bytes the same for the same payment; the issue time is printed instead.
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const fonts = await embedDocumentFonts(doc);
  const w = new Writer(doc, fonts.regular, fonts.bold);
  w.title(title);
  return { doc, w };
}
