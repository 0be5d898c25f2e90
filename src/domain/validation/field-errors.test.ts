import { messages } from '@/generated/messages';
import form from '@/generated/forms/sign-in-email';
import { createAjv } from './ajv';
import { describeIssues, issuesFromAjv } from './field-errors';

const ajv = createAjv();
const validate = ajv.compile(form.schema);

function errorsFor(data: unknown, overrides = form.messages) {
  validate(data);
  return describeIssues(issuesFromAjv(validate.errors), form.schema, overrides);
}

describe('field errors from the spec messages', () => {
  it('says the e-mail is required when it is missing', () => {
    expect(errorsFor({})).toEqual([{ field: 'email', keyword: 'required', message: messages['validation.email.required'] }]);
  });

  it('says the e-mail is required when it is blank, not that it is invalid', () => {
    expect(errorsFor({ email: '   ' })[0]?.message).toBe(messages['validation.email.required']);
    expect(errorsFor({ email: '' })[0]?.message).toBe(messages['validation.email.required']);
  });

  it('says the e-mail is invalid when it is malformed', () => {
    expect(errorsFor({ email: 'jordan@' })).toEqual([{ field: 'email', keyword: 'format', message: messages['validation.email.invalid'] }]);
  });

  it('prefers a form override over the field message', () => {
    const errors = errorsFor({}, { email: { required: 'validation.email.requiredAlt' } });
    expect(errors[0]?.message).toBe(messages['validation.email.requiredAlt']);
  });

  it('falls back to the default message of a keyword, with its placeholders filled', () => {
    const schema = { type: 'object', properties: { note: { type: 'string', maxLength: 3 } } };
    const v = ajv.compile(schema);
    v({ note: 'too long' });
    expect(describeIssues(issuesFromAjv(v.errors), schema)).toEqual([{ field: 'note', keyword: 'maxLength', message: 'Please use at most 3 characters' }]);
  });

  it('accepts a valid e-mail', () => {
    expect(errorsFor({ email: 'jordan.rivera@example.com' })).toEqual([]);
  });
});
