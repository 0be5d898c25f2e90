/**
 * A responsible party is complete (product-spec §5) only with first name, last name, date of
 * birth, address line 1, city, zip code, state, phone number and their record id in the
 * scheduling system. Blank text counts as missing.
 */
export interface ResponsiblePartyDetails {
  firstName?: string | null;
  lastName?: string | null;
  dob?: string | null;
  address?: {
    line1?: string | null;
    line2?: string | null;
    city?: string | null;
    state?: string | null;
    country?: string | null;
    zipcode?: string | null;
  } | null;
  phoneNumber?: string | null;
  responsiblePartyEhrId?: string | number | null;
}

function present(value: string | number | null | undefined): boolean {
  return value !== null && value !== undefined && String(value).trim() !== '';
}

/** The dotted names of the required fields that are missing, in form order. */
export function missingResponsiblePartyFields(party: ResponsiblePartyDetails | null | undefined): string[] {
  const required: [string, string | number | null | undefined][] = [
    ['firstName', party?.firstName],
    ['lastName', party?.lastName],
    ['dob', party?.dob],
    ['address.line1', party?.address?.line1],
    ['address.city', party?.address?.city],
    ['address.zipcode', party?.address?.zipcode],
    ['address.state', party?.address?.state],
    ['phoneNumber', party?.phoneNumber],
    ['responsiblePartyEhrId', party?.responsiblePartyEhrId],
  ];
  return required.filter(([, value]) => !present(value)).map(([name]) => name);
}

export function isResponsiblePartyComplete(party: ResponsiblePartyDetails | null | undefined): boolean {
  return missingResponsiblePartyFields(party).length === 0;
}
