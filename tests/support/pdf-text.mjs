// Prints the text of the PDF read from stdin as JSON { pages, text }, using pdfjs-dist. Run as a child
// process by tests/support/pdf.ts because pdfjs-dist is ES modules only and jest runs CommonJS.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
const parts = [];
for (let n = 1; n <= doc.numPages; n++) {
  const content = await (await doc.getPage(n)).getTextContent();
  parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
}
process.stdout.write(
  '\n@@PDF@@' + JSON.stringify({ pages: doc.numPages, text: parts.join('\n').replace(/\s+/g, ' '), title: (await doc.getMetadata()).info?.Title ?? null }),
);
await doc.destroy();
