import { render, screen } from '@testing-library/react';
import * as careConstants from '@/generated/constants/care';
import { message } from '@/domain/messages';
import { TrendChart } from './TrendChart';

describe('TrendChart', () => {
  it('draws the severity bands behind the scores and names no trend before three scores', () => {
    const { container } = render(<TrendChart instrument="phq9" scores={[14, 9]} trend={null} />);
    expect(screen.getByRole('img', { name: message('ui.care.mbc.chart', { instrument: 'PHQ-9', scores: '14, 9' }) })).toBeTruthy();
    expect([...container.querySelectorAll('rect title')].map((t) => t.textContent)).toEqual(careConstants.measureInstruments.phq9.bands.map((b) => b.label));
    expect(container.querySelectorAll('circle')).toHaveLength(2);
    expect(container.querySelector('figcaption')).toBeNull();
  });

  it('names the trend from three scores on, even if the rule offered one earlier', () => {
    render(<TrendChart instrument="gad7" scores={[15, 11, 6]} trend="improving" />);
    expect(
      screen.getByRole('img', {
        name: message('ui.care.mbc.chartTrend', { instrument: 'GAD-7', scores: '15, 11, 6', trend: message('ui.care.mbc.trend.improving') }),
      }),
    ).toBeTruthy();
    expect(screen.getByText(message('ui.care.mbc.trend.improving'))).toBeTruthy();
    render(<TrendChart instrument="gad7" scores={[15, 11]} trend="improving" />);
    expect(screen.getAllByText(message('ui.care.mbc.trend.improving'))).toHaveLength(1);
  });
});
