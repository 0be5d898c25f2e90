/**
 * Client-state shapes of product-spec §3 that several slices share. Records from the API keep
 * the fields the spec names and whatever else the API sends.
 */
import type { AppointmentMode, ConsentType, CounselingType, Gender, Relationship } from '@/generated/enums';

export interface Consent {
  isConsentProvided: boolean;
  consentType: ConsentType;
  source?: string;
}

export interface BookingPatient {
  id?: string;
  firstName?: string;
  lastName?: string;
  gender?: Gender;
  /** ISO date */
  dateOfBirth?: string;
  relationship?: Relationship;
  phoneNumber?: string;
  phoneNumberValid?: boolean;
  email?: string;
  isExisting?: boolean;
  hasRelationship?: boolean;
  hasEmail?: boolean;
  otherRelationshipTabSelected?: boolean;
  ehrId?: string;
  licenseKey?: string;
  consents?: Consent[];
}

export interface Slot {
  id: string;
  start: string;
  end: string;
  practiceId?: string;
  availabilityType?: AppointmentMode;
  timeOfDay?: string;
  provider?: Record<string, unknown>;
}

export interface ResponsibleParty {
  id?: string;
  firstName?: string;
  lastName?: string;
  dob?: string;
  address?: { line1?: string; line2?: string; city?: string; state?: string; country?: string; zipcode?: string };
  phoneNumber?: string;
  email?: string;
  responsiblePartyEhrId?: string;
  businessPartner?: Record<string, unknown>;
  userExists?: boolean;
}

/** Converted business-to-business details of a partner member (product-spec §3). */
export interface B2bUserDetails {
  partnerId?: string;
  partnerName?: string;
  isB2BUser?: boolean;
  keyword?: string;
  flags?: Record<string, unknown>;
  verificationMessages?: Record<string, unknown>;
  authorizationRequired?: boolean;
  channelType?: string;
  dealStructure?: string;
}

export interface BookingSelection {
  providerId?: string;
  selectedPatients: BookingPatient[];
  counselingTypeId?: string;
  counselingType?: CounselingType;
  appointmentMode?: AppointmentMode;
}

/** A failure the person is told about: what kind it was, and the sentence from the error catalogue. */
export interface TypedFailure<Reason extends string> {
  reason: Reason;
  text: string;
  status?: number;
  errorCode?: string | number;
  fromSchedulingSystem?: boolean;
}

export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'failed';
