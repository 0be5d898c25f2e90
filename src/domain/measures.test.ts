import { answersProblem, bandOf, isDue, progress, score } from './measures';

const phq = (total: number, item9 = 0) => {
  const answers = [0, 0, 0, 0, 0, 0, 0, 0, item9];
  let left = total - item9;
  for (let i = 0; i < 8 && left > 0; i++) {
    answers[i] = Math.min(3, left);
    left -= answers[i]!;
  }
  return answers;
};

describe('PHQ-9 and GAD-7 scoring', () => {
  it('bands every PHQ-9 total at its edges', () => {
    expect([0, 4, 5, 9, 10, 14, 15, 19, 20, 27].map((t) => bandOf('phq9', t).band)).toEqual([
      'minimal',
      'minimal',
      'mild',
      'mild',
      'moderate',
      'moderate',
      'moderately_severe',
      'moderately_severe',
      'severe',
      'severe',
    ]);
    expect(() => bandOf('phq9', 28)).toThrow();
  });

  it('bands every GAD-7 total at its edges', () => {
    expect([0, 4, 5, 9, 10, 14, 15, 21].map((t) => bandOf('gad7', t).label)).toEqual([
      'Minimal',
      'Minimal',
      'Mild',
      'Mild',
      'Moderate',
      'Moderate',
      'Severe',
      'Severe',
    ]);
    expect(() => bandOf('gad7', 22)).toThrow();
  });

  it('is urgent when PHQ-9 item 9 is 1 or more, or the total is 20 or more; GAD-7 never raises it', () => {
    expect(score('phq9', phq(3, 1))).toMatchObject({ total: 3, band: 'minimal', urgent: true });
    expect(score('phq9', phq(19))).toMatchObject({ total: 19, urgent: false });
    expect(score('phq9', phq(20))).toMatchObject({ total: 20, band: 'severe', urgent: true });
    expect(score('gad7', [3, 3, 3, 3, 3, 3, 3])).toMatchObject({ total: 21, band: 'severe', urgent: false });
  });

  it('refuses answers of the wrong count or range', () => {
    expect(answersProblem('phq9', [0, 0, 0])).toBe('count');
    expect(answersProblem('gad7', [0, 0, 0, 0, 0, 0, 4])).toBe('range');
    expect(answersProblem('gad7', [0, 0, 0, 0, 0, 0, 1.5])).toBe('range');
    expect(() => score('phq9', [1])).toThrow();
  });
});

describe('progress', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const at = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

  it('labels a trend only from three scores on', () => {
    expect(
      progress(
        'phq9',
        [
          { total: 18, at: at(20) },
          { total: 12, at: at(10) },
        ],
        now,
      ).trend,
    ).toBeNull();
    expect(
      progress(
        'phq9',
        [
          { total: 18, at: at(20) },
          { total: 12, at: at(10) },
          { total: 8, at: at(1) },
        ],
        now,
      ).trend,
    ).toBe('improving');
    expect(
      progress(
        'phq9',
        [
          { total: 8, at: at(20) },
          { total: 10, at: at(10) },
          { total: 14, at: at(1) },
        ],
        now,
      ).trend,
    ).toBe('worsening');
  });

  it('response is a drop of half from baseline; remission below 5; reliable improvement by 6 (PHQ-9) or 4 (GAD-7)', () => {
    const p = progress(
      'phq9',
      [
        { total: 16, at: at(30) },
        { total: 8, at: at(1) },
      ],
      now,
    );
    expect(p).toMatchObject({ baseline: 16, latest: 8, response: true, remission: false, reliableImprovement: true });
    expect(
      progress(
        'phq9',
        [
          { total: 10, at: at(30) },
          { total: 4, at: at(1) },
        ],
        now,
      ),
    ).toMatchObject({ remission: true, reliableImprovement: true });
    expect(
      progress(
        'phq9',
        [
          { total: 10, at: at(30) },
          { total: 5, at: at(1) },
        ],
        now,
      ).reliableImprovement,
    ).toBe(false);
    expect(
      progress(
        'gad7',
        [
          { total: 10, at: at(30) },
          { total: 6, at: at(1) },
        ],
        now,
      ).reliableImprovement,
    ).toBe(true);
  });

  it('is not improving by week 8 without a response eight weeks after the first score', () => {
    expect(
      progress(
        'phq9',
        [
          { total: 16, at: at(57) },
          { total: 12, at: at(1) },
        ],
        now,
      ).notImprovingByWeek8,
    ).toBe(true);
    expect(
      progress(
        'phq9',
        [
          { total: 16, at: at(50) },
          { total: 12, at: at(1) },
        ],
        now,
      ).notImprovingByWeek8,
    ).toBe(false);
    expect(
      progress(
        'phq9',
        [
          { total: 16, at: at(57) },
          { total: 7, at: at(1) },
        ],
        now,
      ).notImprovingByWeek8,
    ).toBe(false);
  });

  it('is due when never done or 14 days old', () => {
    expect(isDue(null, now)).toBe(true);
    expect(isDue(at(14), now)).toBe(true);
    expect(isDue(at(13), now)).toBe(false);
  });
});
