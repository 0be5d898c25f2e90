/**
 * Server data of the patient dashboard, read with React Query through the generated hooks and query options
 * (the query cache is their one copy; nothing of it goes to the store).
 */
import { useQueries, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useApiQueries, type BoundApiQueries } from '@/client/api/api-queries';
import { usePatients, type AccountPatient } from '@/client/api/account-queries';
import { isApiError } from '@/client/api/errors';

export { useAccount, usePatients, useUserId, type AccountDetails, type AccountPatient } from '@/client/api/account-queries';

/** A record that is not the caller's answers 404, exactly like one that does not exist. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** What a per-patient read shows: the patient and what its own query answered. */
export type PerPatient<Items> = { patient: AccountPatient } & Items;

/**
 * One generated query per patient of the account (its apiQueries entry, so the generated key), read together:
 * the patients with their answers once every one has answered; pending while the patients are.
 */
export function usePerPatientQueries<Answer, Items, Key extends QueryKey>(
  optionsFor: (queries: BoundApiQueries, patientId: string) => UseQueryOptions<Answer, Error, Answer, Key>,
  itemsOf: (answer: Answer) => Items,
) {
  const queries = useApiQueries();
  const patients = usePatients();
  const list = patients.data ?? [];
  return useQueries({
    queries: list.map((p) => ({ ...optionsFor(queries, p.id), enabled: patients.data !== undefined })),
    combine: (answers) => {
      const failed = answers.find((a) => a.isError);
      const isPending = patients.data === undefined || answers.some((a) => a.isPending);
      const data: PerPatient<Items>[] | undefined = isPending || failed ? undefined : list.map((patient, i) => ({ patient, ...itemsOf(answers[i]!.data!) }));
      return {
        data,
        isPending,
        isError: Boolean(failed),
        error: failed?.error ?? null,
        refetch: () => Promise.all(answers.filter((a) => a.isError).map((a) => a.refetch())),
      };
    },
  });
}

export { fullName } from '@/client/ui/format';
