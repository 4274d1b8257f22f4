/**
 * The service form: RJSF on the MUI theme with the portal's validator, custom widgets and error
 * messages. The form is uncontrolled while the user types (RJSF holds the data, the parent reads it
 * through `onChange` or the ref): a controlled form would re-render the whole wizard on each key.
 * Every object RJSF compares (widgets, templates, fields, uiSchema, form context) is created once,
 * so one keystroke re-renders only the field that changed.
 *
 * Languages: the definition arrives translated (the portal passes it through `localizeDefinition`),
 * Ajv's messages come from the validator of the interface language, and the engine's own texts
 * (required, RJSF's buttons) from the `form` and `rjsf` keys of the engine catalogue.
 *
 * Validators: the form's validator comes from `ServiceValidatorsContext` (validator.ts), in the
 * portal a precompiled one fetched with the form; the form shows a spinner until it is there.
 *
 * Errors follow the answer (followed-errors.ts, rechecking-form.ts): once Next was refused, an answer
 * re-checks the fields that show an error with the same validator, so a corrected field loses its
 * error at once, and a field is judged again when it loses the focus (made wrong again, it shows its
 * error again). A fresh form stays quiet. A screen reader hears what changed for the field being
 * answered through the form's polite status region.
 */
import {
  forwardRef,
  memo,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  type ReactElement,
} from 'react';
import { flushSync } from 'react-dom';
import type { IChangeEvent } from '@rjsf/core';
import { Templates } from '@rjsf/mui';
import { visuallyHidden } from '@mui/utils';
import {
  englishStringTranslator,
  TranslatableString,
  type ErrorTransformer,
  type Experimental_DefaultFormStateBehavior,
  type RJSFSchema,
  type RJSFValidationError,
  type RegistryWidgetsType,
  type UiSchema,
} from '@rjsf/utils';
import { useTranslation } from './translation';
import type { TranslateFunction } from '../core/translator';
import type { ApiReader } from './use-api-query';
import type { ServiceDefinition } from '../core/definition-types';
import { transformErrors as coreTransformErrors } from '../core/transform-errors';
import { DeferredInputTemplate } from './deferred-input-template';
import { FlatFieldTemplate } from './field-template';
import { RecheckingForm, type Recheck } from './rechecking-form';
import { createHeldRechecks } from './held-rechecks';
import { recheckAnnouncement } from './followed-errors';
import { ProgressiveObjectTemplate } from './progressive-object-template';
import {
  createFormDataStore,
  createPendingEdits,
  createDrawingFields,
  type FormData,
  type ServiceFormContext,
} from './form-context';
import { RowItemTemplate, RowsArrayTemplate } from './rows-templates';
import { unshownErrors, type UnshownError } from './unshown-errors';
import { Busy } from './status-blocks';
import { RetryAlert } from './retry-alert';
import { useServiceValidator, type ServiceValidator } from './validator';
import { BUILT_IN_WIDGETS, WIDGETS } from './widgets';
import { MUI_WIDGETS } from './widgets/mui-widgets';

/**
 * Nothing is chosen for the applicant: RJSF would otherwise take the first `const` of a choice
 * (e.g. "Company") or `false` for a required boolean as a default, answering questions the applicant
 * never saw, and fill a list with `minItems` empty items the applicant must then notice (a list's
 * first rows come from its schema `default` instead).
 */
const DEFAULT_FORM_STATE: Experimental_DefaultFormStateBehavior = {
  constAsDefaults: 'never',
  requiredBooleanDefault: 'skip',
  arrayMinItems: { populate: 'never' },
};

const ALL_WIDGETS: RegistryWidgetsType<FormData, RJSFSchema, ServiceFormContext> = {
  ...MUI_WIDGETS,
  ...BUILT_IN_WIDGETS,
  ...WIDGETS,
};
// Text inputs hand their value to the form when typing pauses, so a keystroke re-renders one field;
// long lists of fields are drawn over a few tasks; lists without a widget are rows (rows-templates.tsx);
// fields and objects draw the theme's markup with fewer components above each field.
const TEMPLATES = {
  ...Templates,
  FieldTemplate: FlatFieldTemplate,
  BaseInputTemplate: DeferredInputTemplate,
  ObjectFieldTemplate: ProgressiveObjectTemplate,
  ArrayFieldTemplate: RowsArrayTemplate,
  ArrayFieldItemTemplate: RowItemTemplate,
};
/** Children replace RJSF's submit button: the wizard has its own Next/Submit. */
const NO_SUBMIT_BUTTON: ReactElement = <></>;

/** Names of RJSF's translatable strings by their English text (the enum's values). */
const RJSF_STRING_NAMES = new Map<string, string>(
  Object.entries(TranslatableString).map(([name, english]) => [english, name]),
);

/**
 * RJSF's own strings (array buttons, Yes/No of plain booleans, ...) through the engine catalogue's
 * `rjsf.<name>` keys, with `%1`, `%2` as `{{p1}}`, `{{p2}}`; English when a key is not translated.
 */
function rjsfTranslator(t: TranslateFunction) {
  return (key: TranslatableString, params?: string[]): string => {
    const english = englishStringTranslator(key, params);
    const name = RJSF_STRING_NAMES.get(key);
    if (!name) return english;
    return t(`rjsf.${name}`, { defaultValue: english, p1: params?.[0], p2: params?.[1], p3: params?.[2] });
  };
}

function errorTransformer(t: TranslateFunction): ErrorTransformer<FormData, RJSFSchema, ServiceFormContext> {
  // The "must match then schema" noise is dropped there, and custom messages win over built-in ones.
  return (errors) => coreTransformErrors(errors, { required: t('form.required'), notAllowed: t('form.notAllowed') });
}

export interface ServiceFormHandle {
  /** Validates, shows the errors and focuses the first; true when valid. */
  validate(): boolean;
  /** The current form data. */
  getData(): FormData;
}

export interface ServiceFormProps {
  /** The service's form (as shown: translated); `key` and `variant` name its validators. */
  definition: Pick<ServiceDefinition, 'key' | 'variant' | 'formSchema' | 'uiSchema'>;
  /** Reads the lists the form's widgets name (the engine's backend, or any API client). */
  api: ApiReader;
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
  /**
   * Receives, after each refused validation, the errors no field shows (see unshown-errors.ts), so
   * the page can say them; an empty list when every error is shown beside its field.
   */
  onUnshownErrors?: (errors: UnshownError[]) => void;
  /**
   * Told when a text field starts holding typing the form has not received yet (it hands the text
   * over when typing pauses): once per pause, never per key, and without re-rendering the form.
   */
  onEditing?: () => void;
  /** Called when the answers have corrected every error the form showed (a re-check left none). */
  onErrorsCleared?: () => void;
  /** Told true while long objects are still adding their fields, false once the form is whole. */
  onDrawing?: (drawing: boolean) => void;
  /**
   * Told true once the form (its validator loaded) is on the page and can be validated and read,
   * false when it goes (another form of the service is chosen): until then the form's handle is empty.
   */
  onReady?: (ready: boolean) => void;
}

export const ServiceForm = memo(
  forwardRef<ServiceFormHandle, ServiceFormProps>(function ServiceForm(props, ref) {
    const { t } = useTranslation();
    const { shown, error, retry } = useServiceValidator(props.definition);
    const failure = error ? <RetryAlert error={error} onRetry={retry} /> : null;
    if (!shown) return failure ?? <Busy compact>{t('widget.loading')}</Busy>;
    return (
      <>
        {failure}
        <LoadedServiceForm {...props} ref={ref} definition={shown.definition} validator={shown.validator} />
      </>
    );
  }),
);

interface LoadedServiceFormProps extends ServiceFormProps {
  /** The validator of `definition.formSchema`. */
  validator: ServiceValidator;
}

const LoadedServiceForm = forwardRef<ServiceFormHandle, LoadedServiceFormProps>(function LoadedServiceForm(props, ref) {
  const { definition, api, clientId, initialData, onChange, disabled, readonly, idPrefix, onOptionNames } = props;
  const unshownRef = useRef(props.onUnshownErrors);
  unshownRef.current = props.onUnshownErrors;
  const clearedRef = useRef(props.onErrorsCleared);
  clearedRef.current = props.onErrorsCleared;
  const { validator } = props;
  const { t } = useTranslation();
  // t changes only with the language, so these are created once per language.
  const transformErrors = useMemo(() => errorTransformer(t), [t]);
  const translateString = useMemo(() => rjsfTranslator(t), [t]);
  const formRef = useRef<RecheckingForm>(null);
  // Captured once: the form owns its data after mounting.
  const [startData] = useMemoOnce<FormData>(() => initialData ?? {});
  const store = useMemo(() => createFormDataStore(startData), [startData]);
  // RJSF rebuilds its state from the formData prop whenever its props change (the schema in another
  // language, the form disabled while a dialog saves), so the prop follows the data typed so far at
  // that moment instead of the start data: nothing typed is lost.
  const shape = { schema: definition.formSchema, ui: definition.uiSchema, disabled, readonly };
  const dataFor = useRef({ shape, data: startData });
  const previous = dataFor.current.shape;
  if (
    previous.schema !== shape.schema ||
    previous.ui !== shape.ui ||
    previous.disabled !== shape.disabled ||
    previous.readonly !== shape.readonly
  ) {
    dataFor.current = { shape, data: store.get() };
  }
  const formData = dataFor.current.data;
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

  // The form's polite status region: written in place, so saying something renders nothing.
  const statusRef = useRef<HTMLDivElement>(null);
  const announce = useCallback((text: string) => {
    if (statusRef.current) statusRef.current.textContent = text;
  }, []);

  const editingRef = useRef(props.onEditing);
  editingRef.current = props.onEditing;
  const pendingEdits = useMemo(() => createPendingEdits(() => editingRef.current?.()), []);
  const drawingRef = useRef(props.onDrawing);
  drawingRef.current = props.onDrawing;
  const readyRef = useRef(props.onReady);
  readyRef.current = props.onReady;
  // In the commit that sets the handle below (both layout effects), before the first paint.
  useLayoutEffect(() => {
    readyRef.current?.(true);
    return () => readyRef.current?.(false);
  }, []);
  const drawing = useMemo(() => createDrawingFields((now) => drawingRef.current?.(now)), []);
  const formContext = useMemo<ServiceFormContext>(
    () => ({ api, clientId, setFields, store, rememberOptionNames, pendingEdits, announce, drawing }),
    [api, clientId, setFields, store, rememberOptionNames, pendingEdits, announce, drawing],
  );
  // Typed text still held by an input reaches the form's state before it is validated or read.
  const commitPending = useCallback(() => flushSync(() => pendingEdits.flushAll()), [pendingEdits]);

  // Errors are shown beside the fields; those no field shows go to the page. (Without a handler RJSF
  // would also log them to the console.)
  const reportErrors = useCallback(
    (errors: RJSFValidationError[]) =>
      unshownRef.current?.(unshownErrors(errors, formRef.current?.formElement.current ?? null, definition, idPrefix)),
    [definition, idPrefix],
  );

  /**
   * Re-checks the answers after the field `id` changed or was left (`judged`: left, so its own errors
   * show whatever they are), and says what changed to the page and to a screen reader.
   */
  const recheck = useCallback(
    (id: string | undefined, judged: boolean) => {
      const form = formRef.current;
      if (!form) return;
      form.recheck(judged ? id : undefined, ({ before, after }: Recheck) => {
        reportErrors(after);
        if (after.length === 0) clearedRef.current?.();
        const said =
          id &&
          recheckAnnouncement(before, after, id, form.fieldIds(), (left) =>
            left === 0 ? t('form.correctedAll') : t('form.corrected', { left }),
          );
        if (said) announce(said);
      });
    },
    [reportErrors, announce, t],
  );

  // While a pointer is pressed on the form, re-checks wait for its release: a field left by pressing
  // on another (a radio, a button) would otherwise lose or gain its error message between the press
  // and the release, moving what lies below it, and the click would land beside its target.
  const held = useMemo(() => createHeldRechecks(recheck), [recheck]);
  useEffect(() => {
    // The form's own element: nothing outside the form is listened to.
    const element = formRef.current?.formElement.current;
    if (!element) return () => held.dispose();
    const options = { capture: true };
    // Leaving a field for another element (Next below the form, a radio): the re-checks of the field
    // left wait until that element is clicked or its key released, since the focus moves on the press.
    const left = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Element) held.holdUntilUsed(event.relatedTarget);
    };
    element.addEventListener('pointerdown', held.press, options);
    element.addEventListener('pointerup', held.release, options);
    element.addEventListener('pointercancel', held.release, options);
    element.addEventListener('focusout', left, options);
    return () => {
      element.removeEventListener('pointerdown', held.press, options);
      element.removeEventListener('pointerup', held.release, options);
      element.removeEventListener('pointercancel', held.release, options);
      element.removeEventListener('focusout', left, options);
      held.dispose();
    };
  }, [held]);
  const handleChange = useCallback(
    (event: IChangeEvent<FormData, RJSFSchema, ServiceFormContext>, id?: string) => {
      const data = (event.formData ?? {}) as FormData;
      store.set(data);
      onChangeRef.current?.(data);
      held.recheck(id, false);
    },
    [store, held],
  );
  const handleBlur = useCallback((id: string) => held.recheck(id, true), [held]);

  useImperativeHandle(
    ref,
    () => ({
      validate: () => {
        commitPending();
        return formRef.current?.validateForm() ?? false;
      },
      getData: () => {
        commitPending();
        return (formRef.current?.state.formData as FormData | undefined) ?? store.get();
      },
    }),
    [store, commitPending],
  );

  return (
    <>
      <RecheckingForm
        ref={formRef}
        schema={definition.formSchema as RJSFSchema}
        uiSchema={definition.uiSchema as UiSchema<FormData, RJSFSchema, ServiceFormContext>}
        formData={formData}
        formContext={formContext}
        validator={validator}
        widgets={ALL_WIDGETS}
        templates={TEMPLATES}
        transformErrors={transformErrors}
        translateString={translateString}
        onChange={handleChange}
        onBlur={handleBlur}
        onError={reportErrors}
        experimental_defaultFormStateBehavior={DEFAULT_FORM_STATE}
        noHtml5Validate
        showErrorList={false}
        focusOnFirstError
        disabled={disabled}
        readonly={readonly}
        idPrefix={idPrefix}
      >
        {NO_SUBMIT_BUTTON}
      </RecheckingForm>
      <div ref={statusRef} role="status" aria-live="polite" style={visuallyHidden} />
    </>
  );
});

/** A value computed on the first render only (useMemo may recompute; this never does). */
function useMemoOnce<T>(create: () => T): [T] {
  const holder = useRef<{ value: T } | null>(null);
  if (holder.current === null) holder.current = { value: create() };
  return [holder.current.value];
}
