/**
 * Query keys of the account's own data, shared by the screens that read it (the patient portal) and
 * those that change it from elsewhere (verification: a signed consent, a card kept on file).
 */
export const portalKeys = {
  account: (userId: string) => ['portal', 'account', userId] as const,
  patients: (userId: string) => ['portal', 'patients', userId] as const,
  /** every card list of the portal (keyed by the patients they are for) */
  cards: ['portal', 'cards'] as const,
};
