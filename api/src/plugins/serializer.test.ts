import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer';

const answer = z.array(z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable().optional() }));
const serialize = responseSerializerCompiler({ schema: answer, method: 'GET', url: '/x', httpStatus: '200' });

describe('responseSerializerCompiler', () => {
  it('answers only the fields the schema lists, so a stray column (a hash, a description) never leaks', () => {
    expect(serialize([{ id: 1, name: 'A', password_hash: 'scrypt$…', description: 'long' }])).toBe('[{"id":1,"name":"A"}]');
  });

  it('still checks the answer against the schema', () => {
    let thrown: unknown;
    try {
      serialize([{ id: '1', name: 'A' }]);
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('accepts the { properties } form fastify passes for some responses', () => {
    const wrapped = responseSerializerCompiler({ schema: { properties: answer } as never, method: 'GET', url: '/x', httpStatus: '200' });
    expect(wrapped([{ id: 2, name: 'B', note: null }])).toBe('[{"id":2,"name":"B","note":null}]');
  });
});
