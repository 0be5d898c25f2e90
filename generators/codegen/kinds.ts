/**
 * Which meta-schema validates which spec file. A spec file that matches no row is an error.
 * Catalogues (constants, enums, messages, errors) may be one file or a folder of topic files;
 * a name defined in two files is an error.
 */
export type SpecKind = 'constants' | 'enums' | 'messages' | 'errors' | 'routes' | 'entity' | 'form' | 'api' | 'content' | 'flags' | 'flow' | 'mail';

export interface KindRule {
  kind: SpecKind;
  /** Path relative to specs/, with '*' for one file name. */
  pattern: RegExp;
  schema: string;
  /** The file name (without .yaml) must equal this property of the document. */
  nameProperty?: string;
}

export const kindRules: KindRule[] = [
  { kind: 'constants', pattern: /^constants(\.yaml|\/[a-z0-9-]+\.yaml)$/, schema: 'constants.schema.json' },
  { kind: 'enums', pattern: /^enums(\.yaml|\/[a-z0-9-]+\.yaml)$/, schema: 'enums.schema.json' },
  { kind: 'messages', pattern: /^messages(\.yaml|\/[a-z0-9-]+\.yaml)$/, schema: 'messages.schema.json' },
  { kind: 'errors', pattern: /^errors(\.yaml|\/[a-z0-9-]+\.yaml)$/, schema: 'errors.schema.json' },
  { kind: 'routes', pattern: /^routes\.yaml$/, schema: 'routes.schema.json' },
  { kind: 'flags', pattern: /^flags\.yaml$/, schema: 'flags.schema.json' },
  { kind: 'entity', pattern: /^entities\/[A-Za-z0-9-]+\.yaml$/, schema: 'entity.schema.json' },
  { kind: 'form', pattern: /^forms\/[a-z0-9-]+\.yaml$/, schema: 'form.schema.json', nameProperty: 'id' },
  { kind: 'flow', pattern: /^flows\/[a-z0-9-]+\.yaml$/, schema: 'flow.schema.json', nameProperty: 'id' },
  { kind: 'api', pattern: /^api\/[a-z0-9-]+\.yaml$/, schema: 'api.schema.json', nameProperty: 'resource' },
  { kind: 'content', pattern: /^content\/[a-z0-9-]+\.yaml$/, schema: 'content.schema.json', nameProperty: 'id' },
  { kind: 'mail', pattern: /^mail\/[a-z0-9-]+\.yaml$/, schema: 'mail.schema.json', nameProperty: 'id' },
];
