// @module-tag dialect-free: no database.
import { describe, expect, it } from 'vitest';
import { describeCondition, fieldTree } from './field-tree';

describe('fieldTree', () => {
  it('lists fields in ui:order with labels, widgets, required and the conditions that show them', () => {
    const schema = {
      type: 'object',
      required: ['kind'],
      properties: {
        kind: { type: 'string', title: 'Kind', enum: ['a', 'b'] },
        note: { type: 'string' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      allOf: [
        {
          if: { properties: { kind: { const: 'a' } }, required: ['kind'] },
          then: { properties: { detail: { type: 'number', title: 'Detail' } }, required: ['detail'] },
          else: { properties: { reason: { type: 'string', title: 'Reason' } } },
        },
        {
          if: { properties: { tags: { maxItems: 0 } } },
          then: { required: ['note'] },
        },
      ],
      dependencies: { note: { properties: { author: { type: 'object', properties: { name: { type: 'string' } } } } } },
    };
    const ui = { 'ui:order': ['detail', '*'], note: { 'ui:widget': 'textarea', 'ui:title': 'Note' } };
    expect(fieldTree(schema, ui)).toEqual([
      { path: 'detail', label: 'Detail', widget: 'text', required: true, shownWhen: 'kind = "a"' },
      { path: 'kind', label: 'Kind', widget: 'select', required: true },
      { path: 'note', label: 'Note', widget: 'textarea', required: 'tags is empty (or tags absent)' },
      { path: 'tags', label: 'tags', widget: 'array', required: false },
      { path: 'reason', label: 'Reason', widget: 'text', required: false, shownWhen: 'not (kind = "a")' },
      { path: 'author', label: 'author', widget: 'object', required: false, shownWhen: 'note is filled' },
      { path: 'author.name', label: 'name', widget: 'text', required: false },
    ]);
  });

  it('says conditions it has no words for as JSON', () => {
    expect(describeCondition({ properties: { n: { minimum: 3 } }, required: ['n', 'm'] })).toBe(
      'n matches {"minimum":3} and m is filled',
    );
  });
});
