/** When a page cannot load its data (product-spec §8): the catalogue's sentence with the phone number to call. */
import * as placesConstants from '@/generated/constants/places';
import { fillPlaceholders } from '@/domain/messages';
import { formatPhone, telHref } from '@/domain/phone';
import { errorTemplate } from '@/domain/translations';

export function PageLoadError({ phone = placesConstants.supportPhone }: { phone?: string }) {
  const [before, after] = errorTemplate('PAGE_LOAD').split('{phone}');
  return (
    <div className="message-page" role="alert">
      <p>
        {fillPlaceholders(before ?? '')}
        {after === undefined ? null : (
          <>
            <a href={telHref(phone)}>{formatPhone(phone)}</a>
            {after}
          </>
        )}
      </p>
    </div>
  );
}
