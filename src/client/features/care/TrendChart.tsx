/**
 * One instrument's scores over time: the severity bands of the instrument drawn
 * behind the line (constants.measureInstruments bands, minimal lightest), a point per score, and the
 * trend named only from three scores on (the progress rule's trend is null before that).
 */
import * as careConstants from '@/generated/constants/care';
import { message, messageTemplate } from '@/domain/messages';

type Instrument = keyof typeof careConstants.measureInstruments;

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;
/** Band shades, lightest (minimal) to darkest (severe). */
const SHADES = ['#e8f5ee', '#f4f1dc', '#f9e7cf', '#f7d8c9', '#f2c4c4'];

export function TrendChart({
  instrument,
  scores,
  trend,
}: {
  instrument: Instrument;
  scores: readonly number[];
  trend: 'improving' | 'worsening' | 'steady' | null;
}) {
  const spec = careConstants.measureInstruments[instrument];
  const max = spec.maxTotal;
  const y = (total: number) => PAD + (HEIGHT - 2 * PAD) * (1 - total / max);
  const x = (i: number) => (scores.length < 2 ? WIDTH / 2 : PAD + ((WIDTH - 2 * PAD) * i) / (scores.length - 1));
  const trendText = scores.length >= 3 && trend ? messageTemplate(`ui.care.mbc.trend.${trend}`) : null;
  const label = trendText
    ? message('ui.care.mbc.chartTrend', { instrument: spec.name, scores: scores.join(', '), trend: trendText })
    : message('ui.care.mbc.chart', { instrument: spec.name, scores: scores.join(', ') });
  return (
    <figure className="care-trend">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
        {spec.bands.map((b, i) => (
          <rect
            key={b.band}
            x={0}
            width={WIDTH}
            y={y(b.to + (i === spec.bands.length - 1 ? 0 : 1))}
            height={y(b.from) - y(b.to + (i === spec.bands.length - 1 ? 0 : 1))}
            fill={SHADES[i] ?? SHADES.at(-1)}
          >
            <title>{b.label}</title>
          </rect>
        ))}
        <polyline fill="none" stroke="currentColor" strokeWidth={2} points={scores.map((s, i) => `${x(i)},${y(s)}`).join(' ')} />
        {scores.map((s, i) => (
          <circle key={i} cx={x(i)} cy={y(s)} r={3.5} fill="currentColor" />
        ))}
      </svg>
      {trendText ? <figcaption className="care__meta">{trendText}</figcaption> : null}
    </figure>
  );
}
