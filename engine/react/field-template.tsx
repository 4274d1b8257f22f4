/**
 * The theme's field template, one component flatter than RJSF's MUI one: the same elements, classes
 * and ARIA (a `div` with RJSF's classes around MUI's FormControl holding the widget, description,
 * errors and help), drawn here directly instead of through `WrapIfAdditionalTemplate`, which only
 * adds a rename box for `additionalProperties` keys (a form of this portal has none; such a field
 * still gets RJSF's template).
 *
 * Why: every component above a text field is one more step of React's walk for each event a key
 * fires there (quiet-typing.ts), and of every render of the field; a form nests a field and its
 * template at every level of its objects.
 */
import FormControl from '@mui/material/FormControl';
import Typography from '@mui/material/Typography';
import { Templates } from '@rjsf/mui';
import { ADDITIONAL_PROPERTY_FLAG, getUiOptions, type FieldTemplateProps, type RJSFSchema } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { FormData, ServiceFormContext } from './form-context';

type Props = FieldTemplateProps<FormData, RJSFSchema, ServiceFormContext>;

// The theme defines it; typed as optional only because a theme may leave any template out.
const MuiFieldTemplate = Templates.FieldTemplate as ComponentType<Props>;

/** The slot props RJSF's MUI theme reads from `ui:options.mui` (see @rjsf/mui's `getMuiProps`). */
interface MuiOptions {
  rjsfSlotProps?: { fieldFormControl?: object; fieldTypography?: object };
  sx?: object;
  className?: string;
}

/** A field as RJSF's MUI template draws it, without the wrapper for additional properties. */
export function FlatFieldTemplate(props: Props) {
  const { children, classNames, style, displayLabel, hidden, required, rawErrors = [] } = props;
  const { errors, help, description, rawDescription, schema, uiSchema } = props;
  if (hidden || ADDITIONAL_PROPERTY_FLAG in schema) return <MuiFieldTemplate {...props} />;
  const uiOptions = getUiOptions<FormData, RJSFSchema, ServiceFormContext>(uiSchema);
  const { rjsfSlotProps: slots, sx, className } = (uiOptions.mui ?? {}) as MuiOptions;
  const isCheckbox = uiOptions.widget === 'checkbox';
  return (
    <div className={classNames} style={style}>
      <FormControl
        fullWidth
        error={rawErrors.length > 0}
        required={required}
        {...slots?.fieldFormControl}
        sx={sx}
        className={className}
      >
        {children}
        {displayLabel && !isCheckbox && rawDescription ? (
          <Typography variant="caption" color="textSecondary" {...slots?.fieldTypography}>
            {description}
          </Typography>
        ) : null}
        {errors}
        {help}
      </FormControl>
    </div>
  );
}
