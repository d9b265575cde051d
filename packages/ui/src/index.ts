export {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
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
export { ConfirmDialog, Dialog } from './components/dialog.js';
export type { ConfirmDialogProps, DialogProps } from './components/dialog.js';
export { AreaFrame } from './components/area-frame.js';
export type { AreaFrameProps, NavItem } from './components/area-frame.js';
export { StepFrame, StepPlaceholder, StepSidebar } from './components/steps.js';
export type { StepFrameProps, StepSidebarProps } from './components/steps.js';
export * from './components/journey.js';
export { Toaster, toast } from './components/toast.js';
export { formatMoney, formatDateTime } from './format.js';
export { useJourneyProgress } from './components/journey-hooks.js';
export { NotFound } from './components/not-found.js';
