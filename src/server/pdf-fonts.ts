/**
 * The fonts every PDF (receipts, statements, estimates, consents) is written in: DejaVu Sans, embedded
 * (subset) through fontkit, so a name prints as written in every language ("José Muñoz", "Nguyễn",
 * "Łukasz"); the standard PDF fonts cover Latin-1 only and would drop or replace letters.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

// Resolved from the app's own folder, which works the same under tsx, Jest and the built server.
const resolveFromApp = createRequire(join(process.cwd(), 'package.json'));
let files: { regular: Uint8Array; bold: Uint8Array } | undefined;

function fontFiles(): { regular: Uint8Array; bold: Uint8Array } {
  files ??= {
    regular: readFileSync(resolveFromApp.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(resolveFromApp.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return files;
}

export interface DocumentFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Embeds the regular and bold faces in a document; only the glyphs it uses are kept. */
export async function embedDocumentFonts(doc: PDFDocument): Promise<DocumentFonts> {
  doc.registerFontkit(fontkit);
  const { regular, bold } = fontFiles();
  return { regular: await doc.embedFont(regular, { subset: true }), bold: await doc.embedFont(bold, { subset: true }) };
}
