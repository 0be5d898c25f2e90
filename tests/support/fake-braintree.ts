/**
 * A stand-in for braintree-web's hosted fields in jsdom (tests mock 'braintree-web/client' and
 * 'braintree-web/hosted-fields' with jest.mock and create one of these): it records what the page
 * asked of the fields (containers, labels, aria attributes, screen-reader messages) and lets a
 * test play what a person typing into Braintree's iframes would make the fields report.
 */
import { act } from '@testing-library/react';
type FieldName = 'number' | 'expirationDate' | 'cvv';

interface FieldOptions {
  container: HTMLElement;
  internalLabel?: string;
}

interface FieldState {
  container: HTMLElement;
  isEmpty: boolean;
  isValid: boolean;
  isPotentiallyValid: boolean;
  isFocused: boolean;
}

type Handler = (event: unknown) => void;

export class FakeHostedFields {
  readonly fields: Record<string, FieldState> = {};
  readonly attributes: Record<string, Record<string, unknown>> = {};
  readonly messages: Record<string, string> = {};
  private readonly handlers = new Map<string, Handler[]>();
  readonly tokenize = jest.fn(async (_options?: unknown) => ({
    nonce: 'fake-valid-nonce',
    details: { lastFour: '1111', cardType: 'Visa' },
    type: 'CreditCard',
    description: 'ending in 11',
  }));
  readonly focus = jest.fn(async (_field: string) => undefined);
  readonly teardown = jest.fn(async () => undefined);

  constructor(readonly options: { fields: Record<string, FieldOptions>; client?: unknown }) {
    for (const [name, field] of Object.entries(options.fields)) {
      this.fields[name] = { container: field.container, isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false };
      this.attributes[name] = {};
    }
  }

  on(event: string, handler: Handler): void {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }

  getState() {
    return { cards: [], fields: this.stateOnly() };
  }

  async setAttribute({ field, attribute, value }: { field: string; attribute: string; value?: unknown }): Promise<void> {
    this.attributes[field]![attribute] = value;
  }

  async removeAttribute({ field, attribute }: { field: string; attribute: string }): Promise<void> {
    delete this.attributes[field]![attribute];
  }

  setMessage({ field, message }: { field: string; message: string }): void {
    this.messages[field] = message;
  }

  /** A person typed into a field: it is now empty or not, valid or not. */
  type(field: FieldName, state: { isEmpty: boolean; isValid: boolean }): void {
    const before = this.fields[field]!;
    this.fields[field] = { ...before, ...state, isPotentiallyValid: state.isValid };
    if (before.isEmpty !== state.isEmpty) this.emit(state.isEmpty ? 'empty' : 'notEmpty', field);
    if (before.isValid !== state.isValid) this.emit('validityChange', field);
  }

  /** A person left a field. */
  blur(field: FieldName): void {
    this.emit('blur', field);
  }

  /** A person filled every field with a card Braintree accepts. */
  fillValidCard(): void {
    for (const name of Object.keys(this.fields)) this.type(name as FieldName, { isEmpty: false, isValid: true });
  }

  private stateOnly() {
    return Object.fromEntries(
      Object.entries(this.fields).map(([name, f]) => [
        name,
        { isEmpty: f.isEmpty, isValid: f.isValid, isPotentiallyValid: f.isPotentiallyValid, isFocused: f.isFocused, container: f.container },
      ]),
    );
  }

  private emit(event: string, emittedBy: string): void {
    const payload = { emittedBy, cards: [], fields: this.stateOnly() };
    act(() => {
      for (const handler of this.handlers.get(event) ?? []) handler(payload);
    });
  }
}
