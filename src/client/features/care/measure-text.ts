/** A score as a clinician reads it: "PHQ-9 12 · Moderate". */
import type { MeasureScore } from '@/generated/entities';
import * as careConstants from '@/generated/constants/care';
import { message } from '@/domain/messages';

export function measureText(m: MeasureScore): string {
  return message('ui.care.clients.measure', { instrument: careConstants.measureInstruments[m.instrument].name, total: String(m.total), band: m.bandLabel });
}
