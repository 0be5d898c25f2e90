/** Staff notes on the people of a session: the form (specs/forms/support-patient-note.yaml) and what it sends. */
import { screen, waitFor, within } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { renderScreen } from '@tests/support/screen-kit';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import { fieldLabel } from '@tests/e2e/journeys/words';
import noteForm from '@/generated/forms/support-patient-note';
import * as patientsEnums from '@/generated/enums/patients';
import type { RequestInput } from '@/generated/client/api';
import { setLocaleSource } from '@/domain/locale';
import { message, messageIn } from '@/domain/messages';
import { enumLabelOf } from '@/domain/translations';
import { localizedForm } from '@/client/runtime/forms/localized-form';
import { PatientNotes } from './PatientNotes';

const path = '/notes';
const people = [
  { id: '0c0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a11', firstName: 'Jordan', lastName: 'Rivera' },
  { id: '0c0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a13', firstName: 'Alex', lastName: 'Rivera' },
];

function saved(input: RequestInput) {
  const body = input.body as { patientId: string; noteType: string; text: string };
  return { id: 'n1', ...body, authorId: 'a1', authorName: 'Sam Okafor', createdAt: '2026-11-29T15:00:00.000Z' };
}

describe("staff notes on a session's people", () => {
  it('adds a note about the person chosen, of the kind chosen, and starts an empty note about the same person', async () => {
    const user = aPerson();
    const { calls } = renderScreen(<PatientNotes people={people} zone="America/New_York" />, {
      path,
      groups: ['support'],
      answers: { listPatientNotes: () => ({ items: [] }), savePatientNote: saved },
    });
    const about = screen.getByLabelText(specFieldTitle(noteForm, 'patientId')) as HTMLSelectElement;
    expect(about.value).toBe(people[0]!.id);
    expect(within(about).getByRole('option', { name: 'Alex Rivera' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: specSubmitLabel(noteForm) }));
    expect(await screen.findByText(message('ui.support.note.required'))).toBeTruthy();
    expect(calls.some((c) => c.id === 'savePatientNote')).toBe(false);

    await user.selectOptions(about, 'Alex Rivera');
    await user.selectOptions(screen.getByLabelText(specFieldTitle(noteForm, 'noteType')), enumLabelOf(patientsEnums.patientNoteType, 'billing'));
    await user.type(screen.getByLabelText(specFieldTitle(noteForm, 'text')), ' Asked for a receipt. ');
    await user.click(screen.getByRole('button', { name: specSubmitLabel(noteForm) }));
    expect(await screen.findByText(message('ui.support.note.saved'))).toBeTruthy();
    expect(calls.find((c) => c.id === 'savePatientNote')!.input.body).toEqual({ patientId: people[1]!.id, noteType: 'billing', text: 'Asked for a receipt.' });

    // The notes of the person written about are read again; the next note starts empty, about the same person.
    await waitFor(() =>
      expect(calls.filter((c) => c.id === 'listPatientNotes' && (c.input.params as { id?: string } | undefined)?.id === people[1]!.id)).toHaveLength(2),
    );
    const note = screen.getByLabelText(specFieldTitle(noteForm, 'text')) as HTMLTextAreaElement;
    expect(note.value).toBe('');
    expect(document.activeElement).toBe(note);
    expect((screen.getByLabelText(specFieldTitle(noteForm, 'patientId')) as HTMLSelectElement).value).toBe(people[1]!.id);
  });

  it('reads in Spanish on a Spanish page, the kinds of note too', async () => {
    setLocaleSource(() => 'es');
    try {
      const user = aPerson();
      const { calls } = renderScreen(<PatientNotes people={people.slice(0, 1)} zone="America/New_York" />, {
        path,
        groups: ['support'],
        answers: { listPatientNotes: () => ({ items: [] }), savePatientNote: saved },
      });
      const submit = localizedForm(noteForm).submitLabel!;
      await user.selectOptions(screen.getByLabelText(fieldLabel(noteForm, 'noteType', 'es')), enumLabelOf(patientsEnums.patientNoteType, 'scheduling'));
      await user.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByText(messageIn('es', 'ui.support.note.required'))).toBeTruthy();
      await user.type(screen.getByLabelText(fieldLabel(noteForm, 'text', 'es')), 'Pidió cambiar la hora.');
      await user.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByText(messageIn('es', 'ui.support.note.saved'))).toBeTruthy();
      expect(calls.find((c) => c.id === 'savePatientNote')!.input.body).toEqual({
        patientId: people[0]!.id,
        noteType: 'scheduling',
        text: 'Pidió cambiar la hora.',
      });
    } finally {
      setLocaleSource(() => undefined);
    }
  });
});
