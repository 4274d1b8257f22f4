import { describe, expect, it } from 'vitest';
import { insertJsonMember } from './insert-json-member';

describe('insertJsonMember', () => {
  it('adds a member after the last one, laid out as its neighbours, every other byte kept', () => {
    const text = '{\n    "a": { "x": 1 },\n    "b": {\n        "c": "}{\\"",\n        "d": [1, 2]\n    }\n}\n';
    expect(insertJsonMember(text, ['b'], 'e', { f: ['g'] })).toBe(
      '{\n    "a": { "x": 1 },\n    "b": {\n        "c": "}{\\"",\n        "d": [1, 2],\n' +
        '        "e": {\n            "f": [\n                "g"\n            ]\n        }\n    }\n}\n',
    );
  });

  it('adds an item to a list, fills an empty object and makes the objects missing on the way', () => {
    expect(insertJsonMember('[\n  { "id": 1 }\n]\n', [], undefined, { id: 2 })).toBe(
      '[\n  { "id": 1 },\n  {\n    "id": 2\n  }\n]\n',
    );
    expect(insertJsonMember('{\n  "services": {}\n}\n', ['services'], '7', 'x')).toBe(
      '{\n  "services": {\n    "7": "x"\n  }\n}\n',
    );
    expect(insertJsonMember('{\n  "lookups": {}\n}\n', ['services'], '7', 'x')).toBe(
      '{\n  "lookups": {},\n  "services": {\n    "7": "x"\n  }\n}\n',
    );
  });

  it('refuses a text that is not JSON and a path that leads elsewhere', () => {
    expect(() => insertJsonMember('{', [], 'a', 1)).toThrow();
    expect(() => insertJsonMember('{"services": []}', ['services'], 'a', 1)).toThrow('services is not an object');
  });
});
