/**
 * RJSF's own MUI widgets, by their registry names, each from its own module of @rjsf/mui: the
 * package's index makes a theme holding all of them at once. The range widget (MUI's Slider, about
 * 6 KB gzip) is on no shipped form, so its code loads when a form shows one.
 */
import { lazy, Suspense } from 'react';
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import CheckboxWidget from '@rjsf/mui/lib/CheckboxWidget/CheckboxWidget.js';
import CheckboxesWidget from '@rjsf/mui/lib/CheckboxesWidget/CheckboxesWidget.js';
import RadioWidget from '@rjsf/mui/lib/RadioWidget/RadioWidget.js';
import SelectWidget from '@rjsf/mui/lib/SelectWidget/SelectWidget.js';
import TextareaWidget from '@rjsf/mui/lib/TextareaWidget/TextareaWidget.js';
import type { FormData, ServiceFormContext } from '../form-context';
import { Busy } from '../status-blocks';
import { useTranslation } from '../translation';
import type { ServiceWidget } from './index';

// The module's widget is generic; the form's registry fixes its types.
const Range = lazy(async () => ({
  default: (await import('@rjsf/mui/lib/RangeWidget/RangeWidget.js')).default as unknown as ServiceWidget,
}));

function LazyRangeWidget(props: WidgetProps<FormData, RJSFSchema, ServiceFormContext>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Busy compact>{t('widget.loading')}</Busy>}>
      <Range {...props} />
    </Suspense>
  );
}

export const MUI_WIDGETS: Record<string, ServiceWidget> = {
  CheckboxWidget,
  CheckboxesWidget,
  RadioWidget,
  RangeWidget: LazyRangeWidget,
  SelectWidget,
  TextareaWidget,
} as Record<string, ServiceWidget>;
