/**
 * The one text layout of our PDFs (consents, receipts, statements, Good Faith Estimates): text broken between words
 * into lines no wider than the room on the page. Measuring a whole line again for each word laid a paragraph out
 * quadratically (fontkit's layout was most of a Good Faith Estimate's CPU), so words are measured one by one, which is
 * exact but for kerning across the spaces (a few points at most); a line is measured whole only near the edge.
 */
import type { PDFFont } from 'pdf-lib';

/** How near the edge (in points) the sum of a line's word widths must come before the whole line is measured. */
const KERNING_SLACK = 24;

/**
 * The lines `text` takes at `size` within `maxWidth` points. A line break in the text starts a new line (an empty
 * one stays, as a blank line); runs of white space are one space. A word wider than the room is a line of its own.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const widthOf = (s: string) => font.widthOfTextAtSize(s, size);
  const space = widthOf(' ');
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let current = '';
    let wordsWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      const nextWordsWidth = (current ? wordsWidth + space : 0) + widthOf(word);
      if (current && nextWordsWidth > maxWidth - KERNING_SLACK && widthOf(next) > maxWidth) {
        lines.push(current);
        current = word;
        wordsWidth = widthOf(word);
      } else {
        current = next;
        wordsWidth = nextWordsWidth;
      }
    }
    lines.push(current);
  }
  return lines;
}
