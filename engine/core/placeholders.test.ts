import { describe, expect, it } from 'vitest';
import { fillPlaceholders, placeholdersOf } from './placeholders';

describe('placeholders', () => {
  it('names the placeholders of a text in order', () => {
    expect(placeholdersOf('a/{x}/b/{y}')).toEqual(['x', 'y']);
    expect(placeholdersOf('{request_type}: {project_name} for {holder}')).toEqual([
      'request_type',
      'project_name',
      'holder',
    ]);
    expect(placeholdersOf('No placeholder {} here')).toEqual([]);
  });

  it('fills each placeholder with the value of its name', () => {
    expect(fillPlaceholders('areas/{id}/items/{kind}', (name) => name.toUpperCase())).toBe('areas/ID/items/KIND');
    expect(fillPlaceholders('no {} placeholder', () => 'x')).toBe('no {} placeholder');
  });
});
