/** Where the person is in the booking (the variant's steps), the step's heading and its text. */
import type { FlowStepDefinition } from '@/generated/flow-types';
import { message } from '@/domain/messages';
import { focusOnArrival } from '@/client/ui/focus-on-arrival';
import { stepCopy, stepsOf, type BookingVariant } from './flow';

export function StepHeader({ step, variant }: { step: FlowStepDefinition; variant: BookingVariant }) {
  const steps = stepsOf(variant);
  const index = steps.findIndex((s) => s.id === step.id);
  return (
    <header className="stack-sm">
      <nav aria-label={message('ui.booking.stepNav')}>
        <ol className="booking-steps">
          {steps.map((s, i) => (
            <li key={s.id} aria-current={s.id === step.id ? 'step' : undefined}>
              {i + 1}. {s.title}
            </li>
          ))}
        </ol>
      </nav>
      <p className="muted small">{message('ui.booking.stepOf', { step: index + 1, steps: steps.length })}</p>
      <h1 ref={focusOnArrival} tabIndex={-1}>
        {stepCopy(step, variant, 'heading') ?? step.title}
      </h1>
      {stepCopy(step, variant, 'text') ? <p>{stepCopy(step, variant, 'text')}</p> : null}
    </header>
  );
}
