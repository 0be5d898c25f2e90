import { fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from '@/domain/messages';
import { formatWhen } from '@/domain/date-format';
import { routeById } from '@/generated/routes';
import { saveFile } from '@/client/ui/save-file';
import { RecordExport } from './RecordExport';
import { renderScreen, testUser } from './test-kit';

jest.mock('@/client/ui/save-file', () => ({ saveFile: jest.fn() }));

const path = routeById.patientAccount.path;
const id = '3f8a3c1e-8f4b-4c1a-9a6e-2b7d0c9e1f00';
const PACIFIC = 'America/Los_Angeles';
const details = () => ({
  ...testUser,
  timeZone: PACIFIC,
  dateOfBirth: '1988-07-14',
  businessPartnerId: null,
  isPartnerAssociationActive: false,
  phoneNumber: null,
});
const expiresAt = '2026-12-02T17:30:00.000Z';
const requestedAt = '2026-11-29T17:30:00.000Z';
const ready = () => ({ id, status: 'ready', requestedAt, expiresAt });

describe('Download my record', () => {
  beforeEach(() => jest.mocked(saveFile).mockClear());

  it('asks for the record, follows it in the address while it is prepared, and says psychotherapy notes are not included', async () => {
    const { calls } = renderScreen(<RecordExport />, {
      path,
      answers: {
        getUserDetails: details,
        requestRecordExport: () => ({ id, status: 'pending', requestedAt, expiresAt: null }),
        getRecordExport: () => ({ id, status: 'pending', requestedAt, expiresAt: null }),
      },
    });
    expect(screen.getByText(message('document.record.notIncluded.text'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: message('ui.recordExport.request') }));
    expect(await screen.findByText(message('ui.recordExport.preparing'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'getRecordExport')?.input).toEqual({ params: { id } });
    expect(screen.queryByRole('button', { name: message('ui.recordExport.pdf') })).toBeNull();
    expect(screen.queryByRole('button', { name: message('ui.recordExport.request') })).toBeNull();
  });

  it("opened from the ready mail's link: offers both files until the time they close, in the reader's zone", async () => {
    const { calls } = renderScreen(<RecordExport />, {
      path,
      at: `${path}?export=${id}`,
      answers: {
        getUserDetails: details,
        getRecordExport: ready,
        downloadRecordExportPdf: () => new Blob(['%PDF'], { type: 'application/pdf' }),
        downloadRecordExportBundle: () => new Blob(['{}'], { type: 'application/fhir+json' }),
      },
    });
    await screen.findByText(message('ui.recordExport.ready', { when: formatWhen(expiresAt, PACIFIC) }));
    fireEvent.click(screen.getByRole('button', { name: message('ui.recordExport.pdf') }));
    // While a file is on its way both buttons wait; once it is handed over the other one can be asked for.
    await waitFor(() => expect(jest.mocked(saveFile)).toHaveBeenCalledTimes(1));
    const fhir = screen.getByRole<HTMLButtonElement>('button', { name: message('ui.recordExport.fhir') });
    await waitFor(() => expect(fhir.disabled).toBe(false));
    fireEvent.click(fhir);
    await waitFor(() => expect(jest.mocked(saveFile)).toHaveBeenCalledTimes(2));
    expect(calls.filter((c) => c.id.startsWith('downloadRecordExport')).map((c) => c.id)).toEqual(['downloadRecordExportPdf', 'downloadRecordExportBundle']);
    expect(jest.mocked(saveFile).mock.calls.map(([, name]) => name)).toEqual([`record-${id}.pdf`, `record-${id}.fhir.json`]);
    expect(calls.some((c) => c.id === 'requestRecordExport')).toBe(false);
  });

  it('an expired copy says so and offers a new one', async () => {
    renderScreen(<RecordExport />, {
      path,
      at: `${path}?export=${id}`,
      answers: { getUserDetails: details, getRecordExport: () => ({ ...ready(), status: 'expired' }) },
    });
    expect(await screen.findByText(message('ui.recordExport.expired'))).toBeTruthy();
    expect(screen.getByRole('button', { name: message('ui.recordExport.again') })).toBeTruthy();
  });
});
