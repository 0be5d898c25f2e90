/** Which strings of a form spec are copy (what its Spanish file must translate), and which are structure. */
import { copyOf } from './locales';

describe('the copy of a form spec', () => {
  it('is its words, not the names of its fields: fields may be named title or text', () => {
    const form = {
      id: 'care-client-note',
      title: 'Add a note',
      description: 'For developers: not copy.',
      submitLabel: 'Save note',
      schema: {
        type: 'object',
        required: ['title', 'text'],
        properties: {
          title: { type: 'string', title: 'Title', description: 'Shown on the note.', pattern: '[^ ]' },
          text: { type: 'string', title: 'Note', maxLength: 500 },
        },
      },
      uiSchema: { text: { 'ui:widget': 'textarea', 'ui:placeholder': 'What happened' }, title: { 'ui:autocomplete': 'off' } },
      messages: { title: { required: 'ui.care.client.noteRequired' }, text: { required: 'ui.care.client.noteRequired' } },
    };
    expect(Object.fromEntries(copyOf('form', form))).toEqual({
      '/title': 'Add a note',
      '/submitLabel': 'Save note',
      '/schema/properties/title/title': 'Title',
      '/schema/properties/title/description': 'Shown on the note.',
      '/schema/properties/text/title': 'Note',
      '/uiSchema/text/ui:placeholder': 'What happened',
    });
  });
});
