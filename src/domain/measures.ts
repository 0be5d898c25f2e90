/**
 * Measurement-based care: scoring PHQ-9 and GAD-7, their severity bands (constant
 * measureInstruments), the urgent alert rule and what a series of scores says (response, remission,
 * reliable improvement, not improving by week 8, a trend only from three scores on), and when a
 * patient is due to complete a measure again.
 */
import * as careConstants from '../generated/constants/care';
import { constantIn } from './translations';
import { needsCrisisHelp } from './crisis';

export type Instrument = keyof typeof careConstants.measureInstruments;
export const instruments = Object.keys(careConstants.measureInstruments) as Instrument[];

export function isInstrument(value: string): value is Instrument {
  return (instruments as string[]).includes(value);
}

export type ScoreProblem = 'count' | 'range';

/** The answers are exactly the instrument's items, each an integer 0-3. */
export function answersProblem(instrument: Instrument, answers: readonly number[]): ScoreProblem | undefined {
  if (answers.length !== careConstants.measureInstruments[instrument].items) return 'count';
  if (answers.some((a) => !Number.isInteger(a) || a < 0 || a > 3)) return 'range';
  return undefined;
}

export interface Score {
  total: number;
  band: string;
  bandLabel: string;
  urgent: boolean;
}

export function bandOf(instrument: Instrument, total: number): { band: string; label: string } {
  const found = careConstants.measureInstruments[instrument].bands.find((b) => total >= b.from && total <= b.to);
  if (!found) throw new RangeError(`${instrument} total ${total} is outside every band`);
  // The band's words in the active language (the bands are the same in every language).
  const label = constantIn('measureInstruments')[instrument].bands.find((b) => b.band === found.band)?.label ?? found.label;
  return { band: found.band, label };
}

/**
 * The total, its band and whether it is urgent: a PHQ-9 whose item 9 (thoughts of being better off
 * dead or of self-harm) is answered 1 or more, or whose total is measureUrgentTotal or more.
 */
export function score(instrument: Instrument, answers: readonly number[]): Score {
  const problem = answersProblem(instrument, answers);
  if (problem) throw new RangeError(`${instrument} answers: ${problem}`);
  const total = answers.reduce((a, b) => a + b, 0);
  const { band, label } = bandOf(instrument, total);
  const urgent = instrument === 'phq9' && (needsCrisisHelp(answers) || total >= careConstants.measureUrgentTotal);
  return { total, band, bandLabel: label, urgent };
}

export interface Scored {
  total: number;
  at: string;
}

export type Trend = 'improving' | 'worsening' | 'steady';

export interface Progress {
  baseline: number | null;
  latest: number | null;
  /** labelled only from measureTrendMinScores scores on */
  trend: Trend | null;
  response: boolean;
  remission: boolean;
  reliableImprovement: boolean;
  notImprovingByWeek8: boolean;
}

/** What a series of one instrument's scores says, oldest first. */
export function progress(instrument: Instrument, series: readonly Scored[], now: Date): Progress {
  const spec = careConstants.measureInstruments[instrument];
  const sorted = [...series].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last)
    return { baseline: null, latest: null, trend: null, response: false, remission: false, reliableImprovement: false, notImprovingByWeek8: false };
  const drop = first.total - last.total;
  const response = sorted.length > 1 && first.total > 0 && last.total <= first.total * careConstants.measureResponseDrop;
  let trend: Trend | null = null;
  if (sorted.length >= careConstants.measureTrendMinScores) {
    const previous = sorted.at(-2)!;
    trend =
      last.total < previous.total && last.total < first.total ? 'improving' : last.total > previous.total && last.total > first.total ? 'worsening' : 'steady';
  }
  const weeks = (now.getTime() - Date.parse(first.at)) / (7 * 86_400_000);
  return {
    baseline: first.total,
    latest: last.total,
    trend,
    response,
    remission: sorted.length > 1 && last.total < spec.remissionBelow,
    reliableImprovement: drop >= spec.reliableDrop,
    notImprovingByWeek8: weeks >= careConstants.measureNotImprovingWeeks && !response,
  };
}

/** Whether a measure is due: never completed, or the last one is measureCadenceDays old or more. */
export function isDue(lastCompletedAt: string | null, now: Date): boolean {
  if (!lastCompletedAt) return true;
  return now.getTime() - Date.parse(lastCompletedAt) >= careConstants.measureCadenceDays * 86_400_000;
}
