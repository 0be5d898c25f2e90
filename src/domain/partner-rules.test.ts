import { cardOptionalFor } from './partner-rules';

describe("who may book without a card on a partner's terms", () => {
  const covering = { hidePaymentInput: true, isCreditCardOptional: true };
  const optionalForMembers = { hidePaymentInput: false, isCreditCardOptional: true };
  const paying = { hidePaymentInput: false, isCreditCardOptional: false };

  it('asks for a card without a partner', () => {
    expect(cardOptionalFor(undefined, false)).toBe(false);
    expect(cardOptionalFor(undefined, true)).toBe(false);
  });

  it('lets anyone booking on a partner who hides payment (covers the session) go without a card', () => {
    expect(cardOptionalFor(covering, true)).toBe(true);
    expect(cardOptionalFor(covering, false)).toBe(true);
    expect(cardOptionalFor({ ...covering, isCreditCardOptional: false }, false)).toBe(true);
  });

  it("makes the card optional only for the partner's own members when the partner says so", () => {
    expect(cardOptionalFor(optionalForMembers, true)).toBe(true);
    expect(cardOptionalFor(optionalForMembers, false)).toBe(false);
  });

  it('asks everyone for a card when the partner neither covers nor makes it optional', () => {
    expect(cardOptionalFor(paying, true)).toBe(false);
    expect(cardOptionalFor(paying, false)).toBe(false);
  });
});
