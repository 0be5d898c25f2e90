/**
 * Pre-search questionnaire (product-spec §2, §3, §4): which flow, the answers, and the page. The
 * page index moves through the flow's pages; reset restores the defaults (generic flow,
 * individual service, page 0).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClientAgeGroup, QuestionnaireService } from '@/generated/enums';

/** The four flows of §2: generic, generic child therapy, service, child therapy. */
export type QuestionnaireFlowType = 'generic' | 'genericChildTherapy' | 'service' | 'childTherapy';

export interface QuestionnaireState {
  questionnaireFlowType: QuestionnaireFlowType;
  selectedServiceType: QuestionnaireService;
  activePageIndex: number;
  counselingTypeId?: string;
  state?: string;
  latitude?: number;
  longitude?: number;
  location?: string;
  selectedInsurance?: string;
  clientAgeGroups: ClientAgeGroup[];
}

const INDIVIDUAL: QuestionnaireService = 'individual';
export const initialQuestionnaire: QuestionnaireState = {
  questionnaireFlowType: 'generic',
  selectedServiceType: INDIVIDUAL,
  activePageIndex: 0,
  clientAgeGroups: [],
};

const questionnaireSlice = createSlice({
  name: 'questionnaire',
  initialState: initialQuestionnaire,
  reducers: {
    questionnaireAnswered(state, action: PayloadAction<Partial<Omit<QuestionnaireState, 'activePageIndex'>>>) {
      Object.assign(state, action.payload);
    },
    /** Moves to a page of the flow; pageCount bounds it. */
    questionnairePageSet(state, action: PayloadAction<{ index: number; pageCount: number }>) {
      const { index, pageCount } = action.payload;
      state.activePageIndex = Math.min(Math.max(0, index), Math.max(0, pageCount - 1));
    },
  },
});

export const { questionnaireAnswered, questionnairePageSet } = questionnaireSlice.actions;
export const questionnaireReducer = questionnaireSlice.reducer;
export const selectQuestionnaire = (s: { questionnaire: QuestionnaireState }) => s.questionnaire;
