/**
 * The exported record as one readable PDF: the same sections and lines as the FHIR document's
 * narrative, in the reader's language and zone (the words arrive made), ending with what is not included.
 */
import { formatDateTime } from '@/domain/date-format';
import { message } from '@/domain/messages';
import { exportSections, type ExportWords } from '@/domain/record-export';
import { openDocument } from '../pdf-document';

/** `zone`: the reader's; `generatedAt`: when the export was made (printed, not the file's date). */
export async function recordPdf(words: ExportWords, generatedAt: Date, zone: string): Promise<Uint8Array> {
  const { doc, w } = await openDocument(words.title);
  w.row(message('document.label.generatedAt'), formatDateTime(generatedAt, zone));
  for (const section of exportSections) {
    w.heading(words.sectionTitles[section]);
    const lines = words.sectionLines[section];
    if (lines.length === 0) w.line(message('document.record.empty'));
    for (const line of lines) w.paragraph(line);
  }
  w.heading(words.notIncludedTitle);
  w.paragraph(words.notIncluded);
  return doc.save();
}
