import { fireEvent, screen, waitFor } from '@testing-library/react';
import { message } from '@/domain/messages';
import { formatSessionTime } from '@/domain/date-format';
import { enumLabelOf } from '@/domain/translations';
import { routeById } from '@/generated/routes';
import { renderScreen } from '@tests/support/screen-kit';
import { specFieldTitle, specSubmitLabel } from '@tests/support/spec-form';
import closeForm from '@/generated/forms/support-close-access-report';
import RecordAccessReportsPage from './RecordAccessReportsPage';
import * as peopleEnums from '@/generated/enums/people';
import * as recordAccessEnums from '@/generated/enums/record-access';

const path = routeById.supportRecordAccessReports.path;
const report = {
  taskId: '6b0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a10',
  version: 1,
  status: 'open',
  owner: null,
  raisedAt: '2026-11-29T15:00:00.000Z',
  note: 'I did not call support that day.',
  patient: { id: '0c0c2f0e-2d43-4a4e-9a7e-0f3f1c7d1a11', name: 'Jordan Rivera' },
  accountId: '00000000-0000-4000-8000-000000000001',
  entry: {
    id: '4242',
    at: '2026-11-28T14:05:00.000Z',
    actor: 'Sam Okafor',
    actorEmail: 'sam.okafor@example.com',
    actorGroups: ['support'],
    action: 'getSupportUser',
    record: 'user',
    recordId: '00000000-0000-4000-8000-000000000001',
    outcome: 'success',
    status: 200,
    ip: '127.0.0.1',
  },
};

describe('reported record access (support)', () => {
  it("shows the reported entry as recorded with the patient's words, and closes it only with a note", async () => {
    let listed = [report];
    const { calls } = renderScreen(<RecordAccessReportsPage />, {
      path,
      groups: ['support'],
      user: { userType: 'support', timeZone: 'America/Chicago' },
      answers: {
        listRecordAccessReports: () => ({ items: listed }),
        resolveRecordAccessReport: () => {
          listed = [];
          return { status: 'completed', version: 2 };
        },
      },
    });
    const item = await screen.findByText(message('ui.support.accessReports.patientSaid', { note: report.note }));
    expect(item).toBeTruthy();
    const entry = screen.getByRole('region', { name: message('ui.support.accessReports.entry') }).textContent ?? '';
    expect(entry).toContain('Sam Okafor · sam.okafor@example.com');
    expect(entry).toContain(enumLabelOf(peopleEnums.permissionGroup, 'support'));
    expect(entry).toContain(formatSessionTime(report.entry.at, 'America/Chicago'));
    expect(entry).toContain(enumLabelOf(recordAccessEnums.recordKind, 'user'));
    expect(entry).toContain(message('ui.recordAccess.outcome.success'));
    expect(screen.getByRole('link', { name: message('ui.support.redAlert.openAccount') }).getAttribute('href')).toContain(report.accountId);

    fireEvent.click(screen.getByRole('button', { name: specSubmitLabel(closeForm) }));
    expect(await screen.findByText(message('ui.support.accessReports.noteRequired'))).toBeTruthy();
    expect(calls.some((c) => c.id === 'resolveRecordAccessReport')).toBe(false);
    fireEvent.change(screen.getByLabelText(specFieldTitle(closeForm, 'note')), { target: { value: 'Part of a call; told the patient.' } });
    fireEvent.click(screen.getByRole('button', { name: specSubmitLabel(closeForm) }));
    await waitFor(() =>
      expect(calls.find((c) => c.id === 'resolveRecordAccessReport')?.input).toEqual({
        params: { id: report.taskId },
        body: { version: 1, note: 'Part of a call; told the patient.' },
      }),
    );
    expect(await screen.findByText(message('ui.support.accessReports.empty'))).toBeTruthy();
  });
});
