// @brokerage/ui — the core entry: what public pages and the shell use (basic controls, dialogs, toasts, money and
// file-size formatting). A federation singleton of its own, kept small because it is on every page's first load;
// everything else is in '@brokerage/ui/portal' (./portal.ts). Core modules: components/basic.tsx, components/dialog.tsx,
// components/toast.tsx, components/field-errors.tsx, format.ts; they import nothing from the portal entry (test/entry-split.spec.ts).
export {
  AgreementClauses,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  FormErrorMessage,
  FullScreenOverlay,
  Loading,
  ProgressBar,
  Select,
  Spinner,
  StepBadge,
  TextField,
  cx,
} from './components/basic.js';
export type {
  AlertProps,
  BadgeProps,
  ButtonProps,
  CardProps,
  CheckboxProps,
  ProgressBarProps,
  SelectProps,
  TextFieldProps,
} from './components/basic.js';
export { FormErrorScope, invalidFields, mergeRefs, useFieldError, useFormErrors } from './components/field-errors.js';
export type { FieldErrorBinding, FormErrors, FormErrorsState, ShowOptions } from './components/field-errors.js';
export { ConfirmDialog, Dialog } from './components/dialog.js';
export type { ConfirmDialogProps, DialogProps } from './components/dialog.js';
export { Toaster, toast } from './components/toast.js';
export { formatMoney, formatFileSize } from './format.js';
