/** The partner directory and verification screens over a fake API: paging, code checks, what is stored. */
import { render, screen, waitFor } from '@testing-library/react';
import { aPerson } from '@tests/support/person';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { errorCatalogue } from '@/generated/errors';
import { routeById } from '@/generated/routes';
import type { EndpointRoute, RequestInput } from '@/generated/client/api';
import { message } from '@/domain/messages';
import { ApiProvider } from '@/client/api/api-context';
import { ApiError } from '@/client/api/errors';
import { createAppStore } from '@/client/store';
import PartnerDirectoryPage from './PartnerDirectoryPage';
import PartnerVerificationSuccessPage from './PartnerVerificationSuccessPage';
import { pageCount, pageFrom } from './data';

const partner = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Partner ${String(i).padStart(2, '0')}`,
  partnershipCode: `CODE-${i}`,
  hidePaymentInput: false,
  hideInsuranceInput: false,
  hidePostBookingModalCopy: false,
  authorizationRequired: false,
  channelType: 'Channel Partner',
  dealStructure: 'Fully Covered',
  isCreditCardOptional: false,
  tierName: 'Standard',
  ...extra,
});
const all = Array.from({ length: 23 }, (_, i) =>
  partner(i + 1, i === 0 ? { customFailureMessage: 'Ask your HR team for the code.', phone: '8885550151' } : {}),
);

type Handler = (input: RequestInput) => unknown;
function renderAt(path: string, handlers: Record<string, Handler>) {
  const calls: { id: string; input: RequestInput }[] = [];
  const transport = async (route: EndpointRoute, input: RequestInput) => {
    calls.push({ id: route.id, input });
    const handler = handlers[route.id];
    if (!handler) throw new Error(`unexpected call ${route.id}`);
    return handler(input);
  };
  const store = createAppStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Where() {
    const l = useLocation();
    return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
  }
  render(
    <Provider store={store}>
      <ApiProvider transport={transport}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={routeById.partnerDirectory.path} element={<PartnerDirectoryPage />} />
              <Route path={routeById.partnerVerificationSuccess.path} element={<PartnerVerificationSuccessPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </ApiProvider>
    </Provider>,
  );
  return { calls, store };
}

const listing: Handler = (input) => {
  const { offset = 0, limit = 10 } = (input.query ?? {}) as { offset?: number; limit?: number };
  return { items: all.slice(offset, offset + limit), total: all.length, offset, limit };
};

describe('paging rules', () => {
  it('reads ?page= as a page number from 1, anything else as the first page', () => {
    expect(pageFrom('3')).toBe(3);
    expect(pageFrom(null)).toBe(1);
    expect(pageFrom('0')).toBe(1);
    expect(pageFrom('-2')).toBe(1);
    expect(pageFrom('2.5')).toBe(1);
    expect(pageFrom('abc')).toBe(1);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(23, 10)).toBe(3);
  });
});

describe('the partner directory', () => {
  it('lists a page of partners with links to the pages before and after', async () => {
    const { calls } = renderAt(`${routeById.partnerDirectory.path}?page=2`, { listBusinessPartners: listing });
    expect(await screen.findByRole('heading', { name: 'Partner 11' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Partner 10' })).toBeNull();
    expect(calls[0]?.input.query).toEqual({ offset: 10, limit: 10 });
    expect(screen.getByText(message('ui.partners.pageOf', { page: 2, pages: 3 }))).toBeTruthy();
    expect(screen.getByRole('link', { name: message('ui.partners.previous') }).getAttribute('href')).toBe(routeById.partnerDirectory.path);
    expect(screen.getByRole('link', { name: message('ui.partners.next') }).getAttribute('href')).toBe(`${routeById.partnerDirectory.path}?page=3`);
  });

  it('says what to do when there are no partners', async () => {
    renderAt(routeById.partnerDirectory.path, { listBusinessPartners: () => ({ items: [], total: 0, offset: 0, limit: 10 }) });
    expect(await screen.findByText(message('ui.partners.empty'))).toBeTruthy();
  });

  it('shows the partner’s own message for a code that is not theirs, and checks the format first', async () => {
    const validate = jest.fn(() => ({ valid: false }));
    const user = aPerson();
    renderAt(routeById.partnerDirectory.path, { listBusinessPartners: listing, validatePartnerCodeByName: validate });
    const input = await screen.findByLabelText(message('ui.partners.codeFor', { partner: 'Partner 01' }));
    const form = input.closest('form')!;
    const submit = form.querySelector('button')!;
    await user.click(submit);
    expect(form.textContent).toContain(message('ui.partners.codeRequired'));
    await user.type(input, 'no spaces!');
    await user.click(submit);
    expect(form.textContent).toContain(message('ui.partners.codeFormat'));
    expect(validate).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'WRONG-1');
    await user.click(submit);
    await waitFor(() => expect(form.textContent).toContain('Ask your HR team for the code.'));
    expect(validate).toHaveBeenCalledWith({ query: { code: 'WRONG-1', partnerName: 'Partner 01' } });
  });

  it('uses the catalogue message when the partner has none, and opens the verification page for a valid code', async () => {
    const lookedUp: string[] = [];
    const user = aPerson();
    renderAt(routeById.partnerDirectory.path, {
      listBusinessPartners: listing,
      validatePartnerCodeByName: (input) => ((input.query as { code: string }).code === 'code-2' ? { valid: true, partnerId: all[1]!.id } : { valid: false }),
      getBusinessPartnerByCode: (input) => {
        lookedUp.push((input.params as { code: string }).code);
        return {
          partner: all[1],
          b2bDetails: { partnerId: all[1]!.id, partnerName: 'Partner 02', isB2BUser: true, keyword: 'CODE-2', verificationMessages: {} },
        };
      },
    });
    const input = await screen.findByLabelText(message('ui.partners.codeFor', { partner: 'Partner 02' }));
    const form = input.closest('form')!;
    await user.type(input, 'WRONG');
    await user.click(form.querySelector('button')!);
    await waitFor(() => expect(form.textContent).toContain(errorCatalogue.PARTNERSHIP_CODE_INVALID.message));
    await user.clear(input);
    await user.type(input, 'code-2');
    await user.click(form.querySelector('button')!);
    expect(await screen.findByText(message('ui.partners.verified'))).toBeTruthy();
    expect(lookedUp).toEqual(['CODE-2']);
  });
});

describe('partnership code confirmed', () => {
  it('shows the partner’s verification message, keeps its details and code, and goes on to provider search', async () => {
    const b2bDetails = {
      partnerId: all[0]!.id,
      partnerName: 'Partner 01',
      isB2BUser: true,
      keyword: 'CODE-1',
      verificationMessages: { success: 'Welcome, Partner 01 member!' },
    };
    const { store } = renderAt(`${routeById.partnerVerificationSuccess.path}?partnershipCode=code-1`, {
      getBusinessPartnerByCode: () => ({ partner: all[0], b2bDetails }),
    });
    expect(await screen.findByText('Welcome, Partner 01 member!')).toBeTruthy();
    // What the code covers, said before any session is chosen.
    expect(screen.getByText(message('ui.partners.covers.full', { partner: 'Partner 01' }))).toBeTruthy();
    expect(screen.queryByText(/this session/i)).toBeNull();
    expect(screen.getByRole('link', { name: message('ui.partners.continue') }).getAttribute('href')).toBe(
      `${routeById.providerSearch.path}?partnershipCode=CODE-1`,
    );
    await waitFor(() => expect(store.getState().bookingHelper.b2bUserDetails).toEqual(b2bDetails));
    expect(store.getState().global.searchQuery).toEqual({ partnershipCode: 'CODE-1' });
  });

  it('says so when the code is not valid', async () => {
    renderAt(`${routeById.partnerVerificationSuccess.path}?partnershipCode=NOPE`, {
      getBusinessPartnerByCode: () => {
        throw new ApiError('http', 'getBusinessPartnerByCode', 404, {
          text: errorCatalogue.PARTNERSHIP_CODE_INVALID.message,
          errorCode: 'PARTNERSHIP_CODE_INVALID',
          fieldErrors: [],
          fromSchedulingSystem: false,
        });
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(errorCatalogue.PARTNERSHIP_CODE_INVALID.message);
  });

  it('without a code, sends people to the directory', () => {
    renderAt(routeById.partnerVerificationSuccess.path, {});
    expect(screen.getByText(message('ui.partners.missingCode'))).toBeTruthy();
  });
});
