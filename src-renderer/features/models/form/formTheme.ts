// The generated form's look: rjsf's fields and logic with the house's templates and widgets.
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { FormProps } from '@rjsf/core';
import type { FormValue } from './schemaValidator';
import {
  ArrayFieldItemButtonsTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
} from './templates/ArrayTemplates';
import { buttonTemplates } from './templates/buttonTemplates';
import { FieldErrorTemplate } from './templates/FieldErrorTemplate';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import {
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldHelpTemplate,
  TitleFieldTemplate,
  UnsupportedFieldTemplate,
} from './templates/textTemplates';
import { BaseInputTemplate } from './widgets/BaseInputTemplate';
import { CheckboxWidget } from './widgets/CheckboxWidget';
import { MediaWidget } from './widgets/MediaWidget';
import { SelectWidget } from './widgets/SelectWidget';
import { SliderWidget } from './widgets/SliderWidget';
import { TextareaWidget } from './widgets/TextareaWidget';

export const formTemplates: NonNullable<FormProps<FormValue>['templates']> = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  BaseInputTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  ErrorListTemplate,
  UnsupportedFieldTemplate,
  ButtonTemplates: buttonTemplates,
};

export const formWidgets: RegistryWidgetsType<FormValue> = {
  TextareaWidget,
  SelectWidget,
  CheckboxWidget,
  textarea: TextareaWidget,
  select: SelectWidget,
  checkbox: CheckboxWidget,
  slider: SliderWidget,
  media: MediaWidget,
};
