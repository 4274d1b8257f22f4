// @vitest-environment jsdom
/**
 * The theme's flatter field and object templates draw what RJSF's MUI templates draw (the same
 * elements, classes, ids and ARIA), with fewer components above each field.
 */
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { FormProps } from '@rjsf/core';
import Form from '@rjsf/mui';
import { Templates } from '@rjsf/mui';
import { ErrorSchemaBuilder, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { FlatFieldTemplate } from './field-template';
import { ProgressiveObjectTemplate } from './progressive-object-template';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { fakeApi, WithI18n } from './test-support';

afterEach(cleanup);

const schema: RJSFSchema = {
  type: 'object',
  title: 'Applicant',
  description: 'Who applies',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Name', description: 'As on the ID' },
    agree: { type: 'boolean', title: 'I agree' },
    address: {
      type: 'object',
      title: 'Address',
      properties: { street: { type: 'string', title: 'Street' }, city: { type: 'string', title: 'City' } },
    },
  },
};
const uiSchema: UiSchema = { name: { 'ui:help': 'Your full name' } };

/** Same uiSchema slots the object template gives a long object's fields (progressive-object-template.tsx). */
const OFF_SCREEN_SLOTS = {
  objectGridItem: { sx: { contentVisibility: 'auto', containIntrinsicSize: 'auto 80px', mb: 0, pt: 1.25 } },
  objectGridContainer: { sx: { mt: 0, mb: 1.25 } },
};

type FormTemplates = NonNullable<FormProps['templates']>;

/** The markup of a form drawn with `templates` over the MUI theme's, errors shown when `errors`. */
async function markup(
  templates: FormTemplates,
  options: { schema?: RJSFSchema; uiSchema?: UiSchema; errors?: boolean },
) {
  const { container, unmount } = render(
    <Form
      schema={options.schema ?? schema}
      uiSchema={options.uiSchema ?? uiSchema}
      validator={validator}
      templates={templates}
      showErrorList={false}
      noHtml5Validate
      {...(options.errors
        ? { extraErrors: new ErrorSchemaBuilder().addErrors('Name is required', 'name').ErrorSchema }
        : {})}
    />,
  );
  // A long object is complete after a few tasks.
  await waitFor(() => expect(container.querySelectorAll('input').length).toBeGreaterThan(1));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const html = container.innerHTML;
  unmount();
  return html;
}

const FLAT: FormTemplates = { FieldTemplate: FlatFieldTemplate, ObjectFieldTemplate: ProgressiveObjectTemplate };
const MUI: FormTemplates = {
  FieldTemplate: Templates.FieldTemplate,
  ObjectFieldTemplate: Templates.ObjectFieldTemplate,
};

describe('the flatter field and object templates', () => {
  it.each([false, true])('draw the markup of RJSF’s MUI templates (errors shown: %s)', async (errors) => {
    const flat = await markup(FLAT, { errors });
    // Description, help, the nested object's title, and the error when shown: all drawn.
    for (const text of ['Who applies', 'As on the ID', 'Your full name', 'Address', 'I agree'])
      expect(flat).toContain(text);
    expect(flat.includes('Name is required')).toBe(errors);
    expect(flat).toBe(await markup(MUI, { errors }));
  });

  it('draw a long object’s fields as before: only near the screen, once all are drawn', async () => {
    const long: RJSFSchema = {
      type: 'object',
      properties: Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [k, { type: 'string', title: k }])),
    };
    const flat = await markup(FLAT, { schema: long, uiSchema: {} });
    const mui = await markup(MUI, {
      schema: long,
      uiSchema: { 'ui:options': { mui: { rjsfSlotProps: OFF_SCREEN_SLOTS } } },
    });
    expect(flat.match(/<input/g)).toHaveLength(6);
    expect(flat).toBe(mui);
  });

  it('keep a service form’s field labelled and described by its description, help and errors', async () => {
    const ref = createRef<ServiceFormHandle>();
    render(
      <WithI18n>
        <ServiceForm ref={ref} definition={{ key: 's', formSchema: schema, uiSchema }} api={fakeApi({})} clientId={5} />
      </WithI18n>,
    );
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    act(() => void ref.current?.validate());
    const described = (name.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described).toEqual(['root_name__error', 'root_name__description', 'root_name__help']);
    expect(document.getElementById('root_name__description')?.textContent).toBe('As on the ID');
    expect(document.getElementById('root_name__help')?.textContent).toBe('Your full name');
    // The error, in the error colour the field's FormControl gives its helper texts.
    const error = document.getElementById('root_name__error');
    expect(error?.textContent).not.toBe('');
    expect(error?.querySelector('.Mui-error')).toBeTruthy();
  });
});

/** The components (not elements) from a field's input up to the form's root, by name. */
function componentsAbove(element: Element): string[] {
  const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
  type Fiber = { type: unknown; return: Fiber | null };
  let fiber = key ? ((element as unknown as Record<string, Fiber>)[key] ?? null) : null;
  const names: string[] = [];
  while (fiber) {
    const type = fiber.type as { displayName?: string; name?: string; render?: { name?: string } } | string | null;
    if (type && typeof type !== 'string') names.push(type.displayName ?? type.name ?? type.render?.name ?? '?');
    fiber = fiber.return;
  }
  return names;
}

describe('a service form’s field', () => {
  it('has no additional-property wrapper and no second object template above it', async () => {
    render(
      <WithI18n>
        <ServiceForm definition={{ key: 's', formSchema: schema, uiSchema: {} }} api={fakeApi({})} clientId={5} />
      </WithI18n>,
    );
    const street = await screen.findByRole('textbox', { name: /^Street/ });
    const above = componentsAbove(street);
    expect(above).not.toContain('WrapIfAdditionalTemplate');
    expect(above).not.toContain('ObjectFieldTemplate');
    // Two levels of objects: the field and its object drawn by the engine's templates at each.
    expect(above.filter((name) => name === 'FlatFieldTemplate')).toHaveLength(3);
    expect(above.filter((name) => name === 'ProgressiveObjectTemplate')).toHaveLength(2);
  });
});
