/**
 * Client-state shapes of product-spec §3 that several slices share. Records from the API keep
 * the fields the spec names and whatever else the API sends.
 */
import type { AppointmentMode, ConsentType, CounselingType, Gender, Relationship } from '@/generated/enums';
import type { Slot as OpenSlot } from '@/generated/entities';

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

/**
 * A chosen open time: the listing's Slot (generated from specs), of which a slot hold carries only the
 * id, the times, the practice and the mode.
 */
export type Slot = Pick<OpenSlot, 'id' | 'start' | 'end'> & Partial<Omit<OpenSlot, 'id' | 'start' | 'end'>>;

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
