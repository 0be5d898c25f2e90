/** Hooks for screens: a flag's treatment (control until ready), and whether what it gates is on. */
import type { FlagName } from '@/generated/flags';
import { useAppSelector } from '@/client/store/hooks';
import { selectFlagOn, selectTreatment } from '@/client/store/flags/slice';

export function useTreatment(flag: FlagName): string {
  return useAppSelector(selectTreatment(flag));
}

export function useFlagOn(flag: FlagName): boolean {
  return useAppSelector(selectFlagOn(flag));
}
