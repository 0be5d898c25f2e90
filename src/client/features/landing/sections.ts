/** What each landing section is about. */
import type { LandingSection, QuestionnaireService } from '@/generated/enums';

/** The care a section's search (and its provider lists) start with. */
export const SECTION_SERVICE: Partial<Record<LandingSection, QuestionnaireService>> = { therapists: 'individual', psychiatrists: 'psychiatry' };
