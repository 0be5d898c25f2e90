/** Finding the schema of a field inside a self-contained (dereferenced) object schema. */
export type SchemaNode = { [keyword: string]: unknown };

/** "address.zipcode", "patients.0.firstName" or "patients.*.firstName" to its schema. */
export function fieldSchema(schema: SchemaNode, field: string): SchemaNode | undefined {
  if (field === '') return schema;
  let node: SchemaNode | undefined = schema;
  for (const part of field.split('.')) {
    if (!node) return undefined;
    if (/^\d+$/.test(part) || part === '*') node = node.items as SchemaNode | undefined;
    else node = (node.properties as Record<string, SchemaNode> | undefined)?.[part];
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
