/*
 * The public API of shared-ui. Anything not exported here is internal and may change.
 * Shared as a federation singleton: the shell and every remote get this one instance.
 */
import "./theme/theme.css";

export {
  type AccountAction,
  can,
  useAccountRole,
  useCan,
} from "./account/account-role";
export { membershipsQueryOptions, useMemberships } from "./account/get-memberships";
export { getMyServices, myServicesQueryOptions, useMyServices } from "./account/get-my-services";
export { getProfile, profileQueryOptions, useProfile } from "./account/get-profile";
export { followUserEvents, useUserEvents } from "./account/user-events";
export { ApiError, type ApiErrorCode } from "./api/api-error";
export type { Parser, RequestOptions } from "./api/client";
export { downloadFile } from "./api/download";
export { Badge, type BadgeProps, type BadgeTone, toneForStatus } from "./Badge/Badge";
export { Button, type ButtonProps } from "./Button/Button";
export { Card, type CardProps } from "./Card/Card";
export { Checkbox, type CheckboxProps } from "./Checkbox/Checkbox";
export { ConfirmDialog, type ConfirmDialogProps, Dialog, type DialogProps } from "./Dialog/Dialog";
export { Disclosure, type DisclosureProps } from "./Disclosure/Disclosure";
export { EmptyState, type EmptyStateProps } from "./EmptyState/EmptyState";
export { Form, type FormProps, fieldErrors } from "./Form/Form";
export {
  decimalInput,
  formatDate,
  formatDateTime,
  formatEur,
  formatMoney,
  formatNumber,
  serviceSpecs,
  shortId,
  shortServiceId,
} from "./format/format";
export {
  type FormErrors,
  formValues,
  type ParsedForm,
  type ParseFormOptions,
  parseForm,
  useFormErrors,
} from "./forms/use-form-errors";
export { type Locale, locales } from "./i18n/locale-store";
export { richText, strong } from "./i18n/rich-text";
export {
  createTranslator,
  type MessageFiles,
  type MessageValues,
  type Translator,
} from "./i18n/translator";
export { getLocale, localeReady, setLocale, useLocale } from "./i18n/use-locale";
export { localizeValidation as contractMessage } from "./i18n/validation-messages";
export { Link, type LinkProps } from "./Link/Link";
export { Menu, MenuItem, type MenuItemProps, type MenuProps, MenuSeparator } from "./Menu/Menu";
export { Meter, type MeterProps, ProgressBar, type ProgressBarProps } from "./Meter/Meter";
export { NumberField, type NumberFieldProps } from "./NumberField/NumberField";
export { Page, PageHeader, type PageHeaderProps } from "./PageHeader/PageHeader";
export { PortalProviders } from "./providers/PortalProviders";
export { queryClient } from "./query/query-client";
export { invalidateKeys, queryKeys } from "./query/query-keys";
export { Select, type SelectProps } from "./Select/Select";
export { Skeleton, type SkeletonProps } from "./Skeleton/Skeleton";
export { api, apiRequest } from "./session/session-api";
export { type AuthEvent, type AuthListener, SessionStore, session } from "./session/session-store";
export { useAuthEvents, useSession, useSessionLoading, useUser } from "./session/use-session";
export { Cell, Column, Row, Table, TableBody, TableHeader } from "./Table/Table";
export { TextField, type TextFieldProps } from "./TextField/TextField";
export { ToastRegion } from "./Toast/Toast";
export { type ToastContent, type ToastVariant, toast } from "./Toast/toast-queue";
export { vars } from "./theme/theme.css";
export {
  applyThemePreference,
  getThemePreference,
  setThemePreference,
  type ThemePreference,
} from "./theme/theme-preference";
export { useTheme } from "./theme/use-theme";
