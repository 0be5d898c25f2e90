/**
 * The partnership code of one partner, checked with GET /business-partners/validate-code-by-name;
 * a valid code opens the verification page, a wrong one shows the partner's own failure message
 * (or the catalogue's PARTNERSHIP_CODE_INVALID).
 */
import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { routeById } from '@/generated/routes';
import { message } from '@/domain/messages';
import { useFetchNow } from '@/client/api/api-queries';
import { catalogueText, errorTextFor } from '@/client/api/errors';
import { withQuery } from '@/client/runtime/navigation/places';
import { useAppSelector } from '@/client/store/hooks';
import { selectAudience } from '@/client/store/auth/slice';
import { PARTNERSHIP_CODE_PATTERN } from './data';

export interface PartnerForCode {
  name: string;
  customFailureMessage?: string | null;
}

export function PartnerCodeForm({ partner }: { partner: PartnerForCode }) {
  const fetchNow = useFetchNow();
  const navigate = useNavigate();
  const audience = useAppSelector(selectAudience);
  const id = useId();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();

  const check = useMutation({
    mutationFn: (value: string) => fetchNow((q) => q.validatePartnerCodeByName({ query: { code: value, partnerName: partner.name } })),
    onSuccess: (answer, value) => {
      if (answer.valid) void navigate(withQuery(routeById.partnerVerificationSuccess.path, { partnershipCode: value.toUpperCase() }));
      else setProblem(partner.customFailureMessage || catalogueText('PARTNERSHIP_CODE_INVALID', audience));
    },
    onError: (error) => setProblem(errorTextFor(error, audience)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return setProblem(message('ui.partners.codeRequired'));
    if (!PARTNERSHIP_CODE_PATTERN.test(value)) return setProblem(message('ui.partners.codeFormat'));
    setProblem(undefined);
    check.mutate(value);
  };

  return (
    <form className="partner-code" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          {message('ui.partners.codeFor', { partner: partner.name })}
        </label>
        <div className="partner-code__row">
          <input
            id={`${id}-code`}
            className="input"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={50}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="btn btn--primary" disabled={check.isPending} aria-busy={check.isPending || undefined}>
            {message('ui.partners.checkCode')}
          </button>
        </div>
        <span id={`${id}-problem`} className="field__error" role="alert">
          {problem ?? ''}
        </span>
      </div>
    </form>
  );
}
