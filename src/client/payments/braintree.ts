/**
 * braintree-web, loaded only when the Braintree gateway is active (dynamic imports: the local
 * gateway's pages never download it): a client from the client token, then hosted fields in the
 * page's containers. Card numbers and CVCs are typed into Braintree's iframes, never into our page.
 */
import type { Client } from 'braintree-web/client';
import type { HostedFieldFieldOptions, HostedFields } from 'braintree-web/hosted-fields';

export type { HostedFields, HostedFieldsEvent, HostedFieldsHostedFieldsFieldName } from 'braintree-web/hosted-fields';

interface ClientModule {
  create(options: { authorization: string }): Promise<Client>;
}
interface HostedFieldsModule {
  create(options: { client: Client; fields: HostedFieldFieldOptions; styles?: Record<string, Record<string, string>> }): Promise<HostedFields>;
}

/** braintree-web is CommonJS: a bundler may hand its exports over as the namespace or as its default. */
function exportsOf<T extends object>(namespace: T | { default: T }): T {
  return 'default' in namespace && !('create' in namespace) ? namespace.default : (namespace as T);
}

export async function createHostedFields(
  clientToken: string,
  fields: HostedFieldFieldOptions,
  styles?: Record<string, Record<string, string>>,
): Promise<HostedFields> {
  const [clientModule, hostedFieldsModule] = await Promise.all([import('braintree-web/client'), import('braintree-web/hosted-fields')]);
  const client = await exportsOf<ClientModule>(clientModule as ClientModule | { default: ClientModule }).create({ authorization: clientToken });
  return exportsOf<HostedFieldsModule>(hostedFieldsModule as HostedFieldsModule | { default: HostedFieldsModule }).create({
    client,
    fields,
    ...(styles ? { styles } : {}),
  });
}
