/**
 * Who may change whose identity (no account takeover through an edit). Identity is what
 * names a person or signs them in: names, sign-in e-mail, date of birth (and, on a patient record,
 * gender and relationship). The holder changes their own (the e-mail only through a confirmed code);
 * nobody changes a staff account's identity but its holder; a third-party agent changes contact
 * details only; support and admins change a patient's identity only while supportDemographicsEdit is on.
 */
export const ACCOUNT_IDENTITY_FIELDS = ['firstName', 'lastName', 'email', 'dateOfBirth'] as const;
export const PATIENT_IDENTITY_FIELDS = ['firstName', 'lastName', 'email', 'dateOfBirth', 'gender', 'relationship'] as const;

export interface IdentityEditor {
  /** the caller is the holder of the account being changed */
  isHolder: boolean;
  isThirdPartyAgent: boolean;
  /** supportDemographicsEdit is on for the caller */
  demographicsEdit: boolean;
}

/** The fields of `changed` this editor may not change on an account (a staff account when `targetIsStaff`). */
export function refusedIdentityFields(editor: IdentityEditor, targetIsStaff: boolean, changed: readonly string[], identityFields: readonly string[]): string[] {
  if (editor.isHolder) return [];
  const identity = changed.filter((field) => identityFields.includes(field));
  if (targetIsStaff || editor.isThirdPartyAgent || !editor.demographicsEdit) return identity;
  return [];
}

/** The fields whose new value differs from the current one (text compared case-insensitively for e-mail). */
export function changedFields(current: Readonly<Record<string, unknown>>, change: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(change).filter((field) => {
    const next = change[field];
    if (next === undefined) return false;
    const now = current[field];
    if (field === 'email' && typeof next === 'string' && typeof now === 'string') return next.toLowerCase() !== now.toLowerCase();
    return JSON.stringify(next) !== JSON.stringify(now ?? null);
  });
}
