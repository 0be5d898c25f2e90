/** The shapes of spec documents after the meta-schemas have accepted them. */
import type { SpecKind } from './kinds';

export type JsonSchema = Record<string, unknown>;
export type Access = string[];

export interface ConstantsDoc {
  constants: Record<string, { value: unknown; description: string }>;
}
export interface EnumValue {
  value: string;
  label: string;
  shortLabel?: string;
  description?: string;
  group?: string;
}
export interface EnumsDoc {
  enums: Record<string, { description: string; values: EnumValue[] }>;
}
export type MessageEntry = string | { text: string; description?: string };
export interface MessagesDoc {
  messages: Record<string, MessageEntry>;
}
export interface ErrorEntry {
  status: number;
  code?: number | string;
  title?: string;
  message: string;
  audiences?: { support_web?: string; patient_web?: string };
  description?: string;
}
export interface ErrorsDoc {
  errors: Record<string, ErrorEntry>;
}
export interface RouteSpec {
  id: string;
  path: string;
  area: string;
  screen?: string;
  title: string;
  description?: string;
  access: Access;
  flag?: string;
  flagOffRoute?: string;
  render?: 'document' | 'server' | 'client' | 'fragment';
  documentWhenQuery?: string[];
  islandFlags?: string[];
  specRow?: string;
}
export interface RoutesDoc {
  routes: RouteSpec[];
}
export interface EntityDoc extends JsonSchema {
  $id: string;
  title: string;
  description: string;
}
export interface FormDoc {
  id: string;
  title: string;
  description?: string;
  submitLabel?: string;
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
  messages?: Record<string, Record<string, string>>;
}
export interface ResponseSpec {
  description: string;
  schema?: JsonSchema;
  contentType?: string;
}
export interface EndpointSpec {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  description?: string;
  access: Access;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  bodyForm?: string;
  responses: Record<string, ResponseSpec>;
  errors?: string[];
  audit?: boolean;
}
export interface ApiDoc {
  resource: string;
  description: string;
  endpoints: EndpointSpec[];
}
export interface ContentDoc {
  id: string;
  description: string;
  [key: string]: unknown;
}
export interface FlagVariant {
  name: string;
  description?: string;
}
export interface FlagSpec {
  description: string;
  type: 'anonymous' | 'user';
  enabled: boolean;
  variants: string[];
  defaultVariant: string;
  rollout?: { variant: string; percent: number }[];
  controlActsAs: string;
  enabledWhen?: string[];
  gates?: string;
}
export interface FlagsDoc {
  flags: Record<string, FlagSpec>;
}
export type FlowCopy = Record<string, string>;
export interface FlowStep {
  id: string;
  title: string;
  /** route id, or route id per variant */
  route?: string | Record<string, string>;
  form?: string;
  forms?: string[];
  guard?: string;
  hooks?: { enter?: string; submit?: string };
  copy?: FlowCopy;
  copyByVariant?: Record<string, FlowCopy>;
  choices?: { enum: string; only?: string[] } | { value: string; label: string; description?: string }[];
}
export interface FlowVariant {
  title?: string;
  description?: string;
  steps: string[];
  when?: Record<string, unknown>;
}
export interface FlowDoc {
  id: string;
  title?: string;
  description: string;
  routes?: string[];
  defaultVariant?: string;
  start?: {
    route?: string;
    flag?: string;
    flagOffRoute?: string;
    verifyRoute?: string;
    returnParam?: string;
    successParam?: string;
    keepQuery?: { name: string; flag?: string }[];
  };
  query?: string[];
  variants?: Record<string, FlowVariant>;
  steps: FlowStep[];
}
export interface MailDoc {
  id: string;
  description: string;
  subject: string;
  text: string;
  html?: string;
  placeholders?: string[];
}

export interface LoadedFile<T = unknown> {
  /** path relative to the specs folder, e.g. "forms/sign-in-email.yaml" */
  file: string;
  kind: SpecKind;
  data: T;
  /** the file's text as read (what `npm run dev` compares to know what changed) */
  text: string;
  /** JSON pointer to line number (1-based). */
  lineOf: (pointer: string) => number | undefined;
}

export interface SpecBundle {
  dir: string;
  files: LoadedFile[];
  constants: ConstantsDoc['constants'];
  enums: EnumsDoc['enums'];
  messages: Record<string, { text: string; description?: string }>;
  errors: ErrorsDoc['errors'];
  routes: RouteSpec[];
  entities: Map<string, LoadedFile<EntityDoc>>;
  forms: Map<string, LoadedFile<FormDoc>>;
  apis: LoadedFile<ApiDoc>[];
  content: Map<string, LoadedFile<ContentDoc>>;
  flags: FlagsDoc | undefined;
  flows: Map<string, LoadedFile<FlowDoc>>;
  mail: Map<string, LoadedFile<MailDoc>>;
  /** Per language other than the default: each translated default-locale file and its copy by JSON pointer (see locales.ts). */
  translations: Map<string, { base: LoadedFile; copy: Map<string, string> }[]>;
}
