/** A form's call to the API: pending while it runs, and its failure as field errors plus a sentence for the audience. */
import { useState } from 'react';
import { errorTextFor, isApiError } from '@/client/api/errors';
import type { FieldError } from '@/domain/validation/field-errors';
import { useAppSelector } from '@/client/store/hooks';
import { selectAudience } from '@/client/store/auth/slice';

export interface ActionState {
  pending: boolean;
  fieldErrors: FieldError[];
  text?: string;
}

export function useApiAction() {
  const audience = useAppSelector(selectAudience);
  const [state, setState] = useState<ActionState>({ pending: false, fieldErrors: [] });
  async function run<T>(work: () => Promise<T>): Promise<T | undefined> {
    setState({ pending: true, fieldErrors: [] });
    try {
      const result = await work();
      setState({ pending: false, fieldErrors: [] });
      return result;
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.fieldErrors : [];
      setState({ pending: false, fieldErrors, text: fieldErrors.length ? undefined : errorTextFor(error, audience) });
      return undefined;
    }
  }
  const reset = () => setState({ pending: false, fieldErrors: [] });
  return { ...state, run, reset };
}
