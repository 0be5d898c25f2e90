import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RequestInput } from '@/generated/client/api';
import { message } from '@/domain/messages';
import { routeById } from '@/generated/routes';
import InsuranceCardCapturePage from './InsuranceCardCapturePage';
import { renderScreen } from './test-kit';

const self = { id: 'p-self', firstName: 'Jordan', lastName: 'Rivera', relationship: 'Self' };
const insurance = {
  id: 'i-1',
  patientId: 'p-self',
  carrierCode: 'BCBS',
  carrierName: 'Blue Cross',
  planId: 1,
  planName: 'PPO',
  memberId: 'X1',
  isMedicaid: false,
  insuranceInquiryAudits: [],
  cardFrontDocumentId: null,
  cardBackDocumentId: null,
};

describe('InsuranceCardCapturePage', () => {
  it('asks for at least one side, then stores each side as a document of the patient and insurance', async () => {
    const uploads: RequestInput[] = [];
    renderScreen(<InsuranceCardCapturePage />, {
      path: routeById.insuranceCardCapture.path,
      answers: {
        getUserPatients: () => ({ items: [self] }),
        listPatientInsurances: () => ({ items: [insurance] }),
        uploadPatientDocument: (input) => {
          uploads.push(input);
          return { id: `d-${uploads.length}` };
        },
      },
    });
    const front = await screen.findByLabelText(message('ui.patient.capture.front'));
    expect(front.getAttribute('type')).toBe('file');
    await userEvent.click(screen.getByRole('button', { name: message('ui.patient.capture.submit') }));
    expect(await screen.findByText(message('ui.patient.capture.chooseFile'))).toBeTruthy();

    await userEvent.upload(front, new File(['front'], 'front.png', { type: 'image/png' }));
    await userEvent.upload(screen.getByLabelText(message('ui.patient.capture.back')), new File(['back'], 'back.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: message('ui.patient.capture.submit') }));
    expect(await screen.findByText(message('ui.patient.capture.saved'))).toBeTruthy();
    await waitFor(() => expect(uploads).toHaveLength(2));
    const sent = uploads.map((u) => ({
      params: u.params,
      kind: (u.body as FormData).get('kind'),
      insuranceId: (u.body as FormData).get('insuranceId'),
      file: ((u.body as FormData).get('file') as File).name,
    }));
    expect(sent).toEqual([
      { params: { id: 'p-self' }, kind: 'insurance_card_front', insuranceId: 'i-1', file: 'front.png' },
      { params: { id: 'p-self' }, kind: 'insurance_card_back', insuranceId: 'i-1', file: 'back.png' },
    ]);
  });
});
