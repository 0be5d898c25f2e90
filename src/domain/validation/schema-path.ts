/** Finding the schema of a field inside an object schema, through references to shared schemas. */
import { followRef, type SchemaTable } from './schema-refs';

export type SchemaNode = { [keyword: string]: unknown };

/**
 * "address.zipcode", "patients.0.firstName" or "patients.*.firstName" to its schema; a reference
 * (`{ $ref: 'Address' }`) on the way reads as the schema of `shared` it names.
 */
export function fieldSchema(schema: SchemaNode, field: string, shared: SchemaTable = {}): SchemaNode | undefined {
  let node: SchemaNode | undefined = followRef(schema, shared);
  if (field === '') return node;
  for (const part of field.split('.')) {
    if (!node) return undefined;
    if (/^\d+$/.test(part) || part === '*') node = node.items as SchemaNode | undefined;
    else node = (node.properties as Record<string, SchemaNode> | undefined)?.[part];
    if (node) node = followRef(node, shared);
  }
  return node;
}

/** JSON pointer ("/address/zipcode") to dotted field path ("address.zipcode"). */
export function pointerToField(pointer: string): string {
  return pointer
    .replace(/^\//, '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}
