/** The availability modal of provider search: a provider's open times by day; choosing one starts the booking. */
import { Link } from 'react-router';
import copySpec from '@/generated/content/provider-search';
import type { AppointmentMode, CounselingType, TimeOfDay } from '@/generated/enums';
import { fillContent } from '@/domain/content-text';
import { Dialog } from '@/client/ui/Dialog';
import type { Provider, Slot } from './queries';
import { SlotPicker } from './SlotPicker';
import { fullName } from '@/domain/names';
import { liveDocument } from '@/domain/translations';

const copy = liveDocument('content', copySpec);

export interface AvailabilityModalProps {
  provider: Provider | undefined;
  profilePath?: string;
  initialMode?: AppointmentMode;
  initialTimeOfDay?: TimeOfDay;
  counselingType?: CounselingType;
  /** every counseling type searched for: each time says which one it books */
  searchedCounselingTypes?: readonly string[];
  onChoose: (slot: Slot, provider: Provider) => void;
  onClose: () => void;
}

export function AvailabilityModal({
  provider,
  profilePath,
  initialMode,
  initialTimeOfDay,
  counselingType,
  searchedCounselingTypes,
  onChoose,
  onClose,
}: AvailabilityModalProps) {
  return (
    <Dialog
      open={provider !== undefined}
      onClose={onClose}
      size="wide"
      closeLabel={copy.availability.close}
      title={provider ? fillContent(copy.availability.heading, { name: fullName(provider) }) : ''}
      footer={
        profilePath ? (
          <Link className="btn btn--ghost" to={profilePath}>
            {copy.availability.openProfile}
          </Link>
        ) : undefined
      }
    >
      {provider ? (
        <SlotPicker
          provider={provider}
          initialMode={initialMode}
          initialTimeOfDay={initialTimeOfDay}
          counselingType={counselingType}
          searchedCounselingTypes={searchedCounselingTypes}
          onChoose={(slot) => onChoose(slot, provider)}
        />
      ) : null}
    </Dialog>
  );
}
