import { PDFDocument, type PDFFont } from 'pdf-lib';
import { embedDocumentFonts } from './pdf-fonts';
import { wrapText } from './pdf-text';

let font: PDFFont;
beforeAll(async () => {
  font = (await embedDocumentFonts(await PDFDocument.create())).regular;
});

const width = (line: string) => font.widthOfTextAtSize(line, 11);

describe('wrapText', () => {
  it('keeps text that fits on one line as it is', () => {
    expect(wrapText('José Muñoz signed.', font, 11, 400)).toEqual(['José Muñoz signed.']);
  });

  it('breaks long text between words into lines within the width, every word kept in order', () => {
    const text = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
    const lines = wrapText(text, font, 11, 200);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(width(line)).toBeLessThanOrEqual(200);
    expect(lines.join(' ')).toBe(text);
  });

  it('fills each line: the next word would not have fitted', () => {
    const text = Array.from({ length: 40 }, () => 'consent').join(' ');
    const lines = wrapText(text, font, 11, 150);
    for (const line of lines.slice(0, -1)) expect(width(`${line} consent`)).toBeGreaterThan(150);
  });

  it('starts a new line at a line break, keeps an empty one as a blank line, and folds runs of spaces', () => {
    expect(wrapText('First  paragraph.\n\nSecond\tone.', font, 11, 400)).toEqual(['First paragraph.', '', 'Second one.']);
  });

  it('puts a word wider than the room on a line of its own rather than dropping or splitting it', () => {
    const long = 'x'.repeat(200);
    expect(wrapText(`a ${long} b`, font, 11, 100)).toEqual(['a', long, 'b']);
  });

  it('gives one empty line for empty text', () => {
    expect(wrapText('', font, 11, 100)).toEqual(['']);
  });
});
