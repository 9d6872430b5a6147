import {
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
  Button,
  Text,
} from "react-aria-components";
import { sharedMessages } from "../i18n/shared-messages";
import * as styles from "./Toast.css";
import { type ToastContent, toastQueue } from "./toast-queue";

/** Render once per page (PortalProviders does); F6 moves focus into the region. */
export function ToastRegion() {
  const t = sharedMessages.useT();
  return (
    <AriaToastRegion<ToastContent> queue={toastQueue} className={styles.region}>
      {({ toast }) => (
        <AriaToast
          toast={toast}
          className={`${styles.toast} ${styles.variant[toast.content.variant]}`}
          data-variant={toast.content.variant}
        >
          <AriaToastContent className={styles.content}>
            <Text slot="title" className={styles.title}>
              {toast.content.title}
            </Text>
            {toast.content.description && (
              <Text slot="description" className={styles.description}>
                {toast.content.description}
              </Text>
            )}
          </AriaToastContent>
          <Button slot="close" className={styles.close} aria-label={t("toast.close")}>
            ×
          </Button>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
