/** The text of a PDF, read back with pdfjs-dist in a child process (it is ES modules only; jest runs CommonJS). */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

export interface PdfReading {
  pages: number;
  /** all text, whitespace collapsed */
  text: string;
  title: string | null;
}

export function pdfText(bytes: Uint8Array): Promise<PdfReading> {
  return new Promise((done, fail) => {
    const child = execFile(process.execPath, [resolve(__dirname, 'pdf-text.mjs')], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const marker = stdout.lastIndexOf('@@PDF@@');
      if (err || marker < 0) fail(new Error(`not a readable PDF: ${stderr || err?.message || stdout}`));
      else done(JSON.parse(stdout.slice(marker + '@@PDF@@'.length)) as PdfReading);
    });
    child.stdin!.end(Buffer.from(bytes));
  });
}
