/**
 * The service form: RJSF on the MUI theme with the portal's validator, custom widgets and error
 * messages. The form is uncontrolled while the user types (RJSF holds the data, the parent reads it
 * through `onChange` or the ref): a controlled form would re-render the whole wizard on each key.
 * Every object RJSF compares (widgets, templates, fields, uiSchema, form context) is created once,
 * so one keystroke re-renders only the field that changed.
 */
import { forwardRef, memo, useCallback, useImperativeHandle, useMemo, useRef, type ReactElement } from 'react';
import CoreForm, { type IChangeEvent } from '@rjsf/core';
import { Theme } from '@rjsf/mui';
import type {
  ErrorTransformer,
  Experimental_DefaultFormStateBehavior,
  RJSFSchema,
  RegistryWidgetsType,
  UiSchema,
} from '@rjsf/utils';
import type { ApiClient } from '../core/api-client';
import type { ServiceDefinition } from '../core/definition-types';
import { transformErrors as coreTransformErrors } from '../core/transform-errors';
import { createFormDataStore, type FormData, type ServiceFormContext } from './form-context';
import { validator } from './validator';
import { WIDGETS } from './widgets';

type RjsfForm = CoreForm<FormData, RJSFSchema, ServiceFormContext>;

/**
 * Nothing is chosen for the applicant: RJSF would otherwise take the first `const` of a choice
 * (e.g. "Company") or `false` for a required boolean as a default, answering questions the applicant
 * never saw.
 */
const DEFAULT_FORM_STATE: Experimental_DefaultFormStateBehavior = {
  constAsDefaults: 'never',
  requiredBooleanDefault: 'skip',
};

const ALL_WIDGETS: RegistryWidgetsType<FormData, RJSFSchema, ServiceFormContext> = { ...Theme.widgets, ...WIDGETS };
const TEMPLATES = Theme.templates;
const FIELDS = Theme.fields;
const WRAPPER = Theme._internalFormWrapper;
/** Children replace RJSF's submit button: the wizard has its own Next/Submit. */
const NO_SUBMIT_BUTTON: ReactElement = <></>;

/** Errors are shown beside the fields; without a handler RJSF would also log them to the console. */
const ignoreErrors = () => undefined;

const transformErrors: ErrorTransformer<FormData, RJSFSchema, ServiceFormContext> = (errors) =>
  // The "must match then schema" noise is dropped there, and custom messages win over built-in ones.
  coreTransformErrors(errors);

export interface ServiceFormHandle {
  /** Validates, shows the errors and focuses the first; true when valid. */
  validate(): boolean;
  /** The current form data. */
  getData(): FormData;
}

export interface ServiceFormProps {
  definition: Pick<ServiceDefinition, 'formSchema' | 'uiSchema'>;
  api: ApiClient;
  clientId: number | string;
  /** Data the form starts with; later changes of this prop are ignored (the form owns its data). */
  initialData?: FormData;
  onChange?: (data: FormData) => void;
  disabled?: boolean;
  readonly?: boolean;
  idPrefix?: string;
  /**
   * Receives option names of list widgets (field -> id -> name) as they load, so the confirm step
   * can show names instead of ids.
   */
  onOptionNames?: (field: string, names: Record<string, string>) => void;
}

export const ServiceForm = memo(
  forwardRef<ServiceFormHandle, ServiceFormProps>(function ServiceForm(props, ref) {
    const { definition, api, clientId, initialData, onChange, disabled, readonly, idPrefix, onOptionNames } = props;
    const formRef = useRef<RjsfForm>(null);
    // Captured once: the form owns its data after mounting.
    const [startData] = useMemoOnce<FormData>(() => initialData ?? {});
    const store = useMemo(() => createFormDataStore(startData), [startData]);
    const onChangeRef = useRef(onChange);
    onChangeRef.current = onChange;

    const setFields = useCallback((patch: Record<string, unknown>) => {
      const form = formRef.current;
      if (!form) return;
      // setFieldValue queues each change after the widget's own, so none overwrites another.
      for (const [path, value] of Object.entries(patch)) form.setFieldValue(path, value as FormData); // typed as the whole form data by RJSF, any field value is accepted
    }, []);

    const namesRef = useRef(onOptionNames);
    namesRef.current = onOptionNames;
    const rememberOptionNames = useCallback(
      (field: string, names: Record<string, string>) => namesRef.current?.(field, names),
      [],
    );

    const formContext = useMemo<ServiceFormContext>(
      () => ({ api, clientId, setFields, store, rememberOptionNames }),
      [api, clientId, setFields, store, rememberOptionNames],
    );

    const handleChange = useCallback(
      (event: IChangeEvent<FormData, RJSFSchema, ServiceFormContext>) => {
        const data = (event.formData ?? {}) as FormData;
        store.set(data);
        onChangeRef.current?.(data);
      },
      [store],
    );

    useImperativeHandle(
      ref,
      () => ({
        validate: () => formRef.current?.validateForm() ?? false,
        getData: () => (formRef.current?.state.formData as FormData | undefined) ?? store.get(),
      }),
      [store],
    );

    return (
      <CoreForm<FormData, RJSFSchema, ServiceFormContext>
        ref={formRef}
        schema={definition.formSchema as RJSFSchema}
        uiSchema={definition.uiSchema as UiSchema<FormData, RJSFSchema, ServiceFormContext>}
        formData={startData}
        formContext={formContext}
        validator={validator}
        widgets={ALL_WIDGETS}
        templates={TEMPLATES}
        fields={FIELDS}
        _internalFormWrapper={WRAPPER}
        transformErrors={transformErrors}
        onChange={handleChange}
        onError={ignoreErrors}
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        noHtml5Validate
        showErrorList={false}
        focusOnFirstError
        disabled={disabled}
        readonly={readonly}
        idPrefix={idPrefix}
      >
        {NO_SUBMIT_BUTTON}
      </CoreForm>
    );
  }),
);

/** A value computed on the first render only (useMemo may recompute; this never does). */
function useMemoOnce<T>(create: () => T): [T] {
  const holder = useRef<{ value: T } | null>(null);
  if (holder.current === null) holder.current = { value: create() };
  return [holder.current.value];
}
