/**
 * RJSF's time widget with the value JSON Schema asks for (engine/core/time-values.ts): the applicant
 * sets a clock in a time input; `format: "time"` stores it with seconds and the applicant's offset from
 * UTC ('10:30:00+02:00', which the validator requires), `format: "iso-time"` with seconds alone. The
 * input shows the clock that was set, offset or not. (RJSF's own widget stores '10:30:00' for both,
 * which `format: "time"` can never accept.)
 */
import { useCallback } from 'react';
import { getTemplate, type RJSFSchema, type WidgetProps } from '@rjsf/utils';
import { clockOf, storedTime } from '../../core/time-values';
import type { FormData, ServiceFormContext } from '../form-context';

export function TimeWidget(props: WidgetProps<FormData, RJSFSchema, ServiceFormContext>) {
  const { onChange, options, registry, schema, value } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const format = schema.format;
  const handleChange = useCallback(
    (clock: unknown) => onChange(storedTime(String(clock ?? ''), format)),
    [onChange, format],
  );
  return <BaseInputTemplate {...props} type="time" value={clockOf(value)} onChange={handleChange} />;
}
