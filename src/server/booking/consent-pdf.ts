/**
 * A signed consent as a PDF (pdf-lib, the embedded Unicode font of src/server/pdf-fonts.ts): title, the patient, who signed and in
 * which capacity ("Parent / legal guardian of {patient}" for a minor), when (in the patient's time
 * zone), the consent version and the text, wrapped to the page. A character the font has no glyph
 * for is replaced, so no name can break the document.
 */
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { embedDocumentFonts } from '../pdf-fonts';
import { wrapText } from '../pdf-text';
import { message } from '@/domain/messages';
import { formatWhen } from '@/domain/date-format';

export interface ConsentForPdf {
  title: string;
  patientName: string;
  signerName: string;
  signerCapacity: string;
  signedAt: string;
  timeZone: string;
  version: string;
  text: string;
}

/** Keeps what the font has a glyph for. */
function drawable(text: string, font: PDFFont): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

export async function consentPdf(consent: ConsentForPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(consent.title);
  doc.setCreator('Mindful Care');
  const { regular: font, bold } = await embedDocumentFonts(doc);
  const margin = 56;
  let page = doc.addPage([612, 792]);
  let y = 792 - margin;
  const width = 612 - 2 * margin;
  const write = (text: string, size: number, f: PDFFont, gap = 6) => {
    for (const line of wrapText(drawable(text, f), f, size, width)) {
      if (y < margin + size) {
        page = doc.addPage([612, 792]);
        y = 792 - margin;
      }
      page.drawText(line, { x: margin, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
      y -= size + 4;
    }
    y -= gap;
  };
  write(message('consent.pdf.title'), 18, bold, 4);
  write(consent.title, 13, bold, 12);
  write(message('consent.pdf.patient', { patient: consent.patientName }), 11, font, 2);
  write(message('consent.pdf.signer', { signer: `${consent.signerName} (${consent.signerCapacity})` }), 11, font, 2);
  write(message('consent.pdf.signedAt', { date: formatWhen(consent.signedAt, consent.timeZone) }), 11, font, 2);
  write(message('consent.pdf.version', { version: consent.version }), 11, font, 14);
  write(consent.text, 11, font);
  return doc.save();
}
