import { fieldSchema } from './schema-path';
import { followRef, inlineRefs, UnknownSchemaReference, type SchemaTable } from './schema-refs';

const shared: SchemaTable = {
  Zip: { $id: 'Zip', title: 'Zip', description: 'for developers', type: 'string', pattern: '^[0-9]*$', 'x-messages': { pattern: 'zip.invalid' } },
  Address: {
    $id: 'Address',
    title: 'Address',
    type: 'object',
    required: ['zipcode'],
    properties: { zipcode: { $ref: 'Zip', title: 'Zip code' } },
  },
};

describe('followRef', () => {
  it('reads a reference as the shared schema, with what is written beside it on top', () => {
    expect(followRef({ $ref: 'Zip', title: 'Zip code', 'x-messages': { required: 'zip.required' } }, shared)).toEqual({
      type: 'string',
      pattern: '^[0-9]*$',
      title: 'Zip code',
      'x-messages': { pattern: 'zip.invalid', required: 'zip.required' },
    });
  });

  it("drops the shared schema's own id, type name and developer note", () => {
    const zip = followRef({ $ref: 'Zip' }, shared);
    expect(zip.$id).toBeUndefined();
    expect(zip.title).toBeUndefined();
    expect(zip.description).toBeUndefined();
  });

  it('accepts the fragment form Zip#', () => {
    expect(followRef({ $ref: 'Zip#' }, shared).pattern).toBe('^[0-9]*$');
  });

  it('leaves a node that is not a reference, or names nothing known, as written', () => {
    const plain = { type: 'string' };
    expect(followRef(plain, shared)).toBe(plain);
    expect(followRef({ $ref: 'Nowhere' }, shared)).toEqual({ $ref: 'Nowhere' });
  });
});

describe('inlineRefs', () => {
  it('writes every reference in place, nested ones too', () => {
    expect(inlineRefs({ type: 'array', items: { $ref: 'Address' } }, shared)).toEqual({
      type: 'array',
      items: {
        type: 'object',
        required: ['zipcode'],
        properties: { zipcode: { type: 'string', pattern: '^[0-9]*$', title: 'Zip code', 'x-messages': { pattern: 'zip.invalid' } } },
      },
    });
  });

  it('refuses a reference to nothing and a cycle', () => {
    expect(() => inlineRefs({ $ref: 'Nowhere' }, shared)).toThrow(UnknownSchemaReference);
    const cyclic: SchemaTable = { Node: { $id: 'Node', type: 'object', properties: { next: { $ref: 'Node' } } } };
    expect(() => inlineRefs({ $ref: 'Node' }, cyclic)).toThrow(/cycle/);
  });
});

describe('fieldSchema through references', () => {
  it('finds a nested field of a referenced entity', () => {
    const body = { type: 'object', properties: { homes: { type: 'array', items: { $ref: 'Address' } } } };
    expect(fieldSchema(body, 'homes.0.zipcode', shared)?.['x-messages']).toEqual({ pattern: 'zip.invalid' });
    expect(fieldSchema(body, 'homes.*.zipcode', shared)?.title).toBe('Zip code');
    expect(fieldSchema(body, 'homes.0.street', shared)).toBeUndefined();
  });
});
