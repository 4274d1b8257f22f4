/**
 * The registry of custom widgets named in ui.json (`ui:widget`). The names come from
 * `engine/core/widget-names.ts`, so `services:check` and this map cannot drift: a name without a
 * component here is a type error.
 */
import { createElement, type ComponentType } from 'react';
import type { RJSFSchema, Widget, WidgetProps } from '@rjsf/utils';
import type { CustomWidgetName } from '../../core/widget-names';
import type { FormData, ServiceFormContext } from '../form-context';
import { CompanyPickerWidget } from './company-picker-widget';
import { CountryWidget } from './country-widget';
import { FreeItemsWidget } from './free-items-widget';
import { ItemsChecklistWidget } from './items-checklist-widget';
import { LookupCodesWidget } from './lookup-codes-widget';
import { LookupWidget } from './lookup-widget';
import { RadioWidget } from './radio-widget';
import { TimeWidget } from './time-widget';
import { WordLimitedTextareaWidget } from './word-limited-textarea-widget';
import { YesNoWidget } from './yes-no-widget';

export type ServiceWidget = Widget<FormData, RJSFSchema, ServiceFormContext>;

/**
 * RJSF accepts function components only (its memo detection misses React 19 memo objects), so
 * each memoised widget is registered behind a thin function that renders it.
 */
function asWidget(
  Inner: ComponentType<WidgetProps<FormData, RJSFSchema, ServiceFormContext>>,
  name: string,
): ServiceWidget {
  const Registered = (props: WidgetProps<FormData, RJSFSchema, ServiceFormContext>) => createElement(Inner, props);
  Registered.displayName = name;
  return Registered;
}

export const WIDGETS: Record<CustomWidgetName, ServiceWidget> = {
  lookup: asWidget(LookupWidget, 'LookupWidget'),
  'company-picker': asWidget(CompanyPickerWidget, 'CompanyPickerWidget'),
  country: asWidget(CountryWidget, 'CountryWidget'),
  'items-checklist': asWidget(ItemsChecklistWidget, 'ItemsChecklistWidget'),
  'free-items': asWidget(FreeItemsWidget, 'FreeItemsWidget'),
  'yes-no': asWidget(YesNoWidget, 'YesNoWidget'),
  'word-limited-textarea': asWidget(WordLimitedTextareaWidget, 'WordLimitedTextareaWidget'),
  'lookup-codes': asWidget(LookupCodesWidget, 'LookupCodesWidget'),
};

/** RJSF's own widgets the engine replaces, by their registry names (every service gets them). */
export const BUILT_IN_WIDGETS: Record<string, ServiceWidget> = {
  RadioWidget: asWidget(RadioWidget, 'RadioWidget'),
  TimeWidget: asWidget(TimeWidget, 'TimeWidget'),
  // RJSF picks a widget named as a string's format: `iso-time` is a time input too.
  'iso-time': asWidget(TimeWidget, 'TimeWidget'),
  // and `iso-date-time` RJSF's date-time input (its UTC value with `Z` is an iso-date-time too).
  'iso-date-time': asWidget(function IsoDateTimeWidget(props) {
    const DateTime = props.registry.widgets.DateTimeWidget as ServiceWidget;
    return createElement(DateTime, props);
  }, 'IsoDateTimeWidget'),
};
