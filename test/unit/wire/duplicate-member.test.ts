/** A member given twice in one object is found (JSON.parse keeps the last silently); the same name in different objects is not a duplicate. */
import { describe, expect, it } from 'vitest';
import { duplicateMember } from '../../../src/wire/body.ts';

describe('duplicateMember', () => {
  it('finds a name given twice in one object, by its path, however it is spelled', () => {
    expect(duplicateMember('{"auto_credits":1,"auto_credits":2}')).toBe('auto_credits');
    expect(duplicateMember('{"a":1,"\\u0061":2}')).toBe('a');
    expect(duplicateMember('{"plan":"standard","autocharge":{"threshold":1,"amount":2,"threshold":3}}')).toBe('autocharge.threshold');
    expect(duplicateMember('{"x":[{"k":1},{"k":2,"k":3}]}')).toBe('x.k');
  });

  it('the same name in different objects, inside strings or in arrays is no duplicate', () => {
    expect(duplicateMember('{"a":{"a":1},"b":{"a":2}}')).toBeUndefined();
    expect(duplicateMember('{"a":"\\"a\\":1, \\"a\\"","b":["a","a"]}')).toBeUndefined();
    expect(duplicateMember('[{"a":1},{"a":1}]')).toBeUndefined();
    expect(duplicateMember('{}')).toBeUndefined();
    expect(duplicateMember('"a"')).toBeUndefined();
  });
});
