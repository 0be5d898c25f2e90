import { pdfText } from '@tests/support/pdf';
import { exportSections, type ExportWords } from '@/domain/record-export';
import { formatDateTime } from '@/domain/date-format';
import { message } from '@/domain/messages';
import { recordPdf } from './record-pdf';

const words: ExportWords = {
  title: 'Su historia clínica',
  author: 'Mindful Care',
  sectionTitles: Object.fromEntries(exportSections.map((s) => [s, `Sección ${s}`])) as ExportWords['sectionTitles'],
  sectionLines: Object.fromEntries(
    exportSections.map((s): [string, string[]] => [
      s,
      s === 'patients' ? ['Sofía Núñez, fecha de nacimiento 3/2/1990'] : s === 'questionnaires' ? ['Sofía Núñez: PHQ-9, puntuación 8 (Leve)'] : [],
    ]),
  ) as ExportWords['sectionLines'],
  notIncludedTitle: 'No incluido',
  notIncluded: 'Las notas de psicoterapia no forman parte de esta exportación (45 CFR 164.501).',
};

describe('the exported record as a PDF', () => {
  it('reads back every section with names as written, the empty ones said so, and what is not included', async () => {
    const at = new Date('2026-11-29T15:00:00Z');
    const { text, title } = await pdfText(await recordPdf(words, at, 'America/Denver'));
    expect(title).toBe('Su historia clínica');
    expect(text).toContain('Sofía Núñez, fecha de nacimiento 3/2/1990');
    expect(text).toContain('Sofía Núñez: PHQ-9, puntuación 8 (Leve)');
    for (const s of exportSections) expect(text).toContain(`Sección ${s}`);
    expect(text).toContain('Las notas de psicoterapia no forman parte de esta exportación (45 CFR 164.501).');
    expect(text).toContain(formatDateTime(at, 'America/Denver'));
    expect(text).toContain(message('document.record.empty'));
    expect(text).not.toContain('Nunez');
  });
});
